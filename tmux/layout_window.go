package tmux

import (
	"fmt"
	"strings"
)

// CheckLayoutTarget refuses to give window w a layout string (a custom
// layout for select-layout, as CheckLayout checks it) while any of its
// panes floats. tmux takes such a string when its cells count the
// floating panes too (layout_parse counts window_count_panes(w, 1)), and
// then hands the cells out in pane-list order to every pane alike
// (layout_assign): the floating panes come out tiled, a modal one stays
// modal while tiled (break-pane and join-pane then refuse it as "pane is
// modal", and new-pane -O finds the window "already has a modal pane"),
// and select-layout -o cannot go back, since the layout it saved has a
// "<…>" section. On master, named layouts (tiled, even-horizontal, …)
// keep floating panes floating (layout_set_link_floating in layout-set.c);
// on 3.7c they tile them too.
func CheckLayoutTarget(w *Window) error {
	var ids []string
	for _, p := range w.FloatingPanes() {
		ids = append(ids, string(p.ID))
	}
	if len(ids) == 0 {
		return nil
	}
	return &Error{Kind: KindInvalidInput, Value: string(w.ID), Message: fmt.Sprintf("window %s has floating panes (%s): a layout string without their \"<…>\" part would tile them, so it takes none (the window's own layout string, as tmux prints it, has that part)", w.ID, strings.Join(ids, ", "))}
}
