package tmux

import (
	"fmt"
	"strings"
)

// TiledWithout is layout s, a window's #{window_layout} with one floating
// pane (tmux 3.7+), as it is once that pane, numbered pane (the digits of
// its %id), is gone: its leaf taken out of the tree (where tmux keeps it
// beside the pane it was made from, taking no room), a container left with
// one child replaced by that child (tmux wraps a root leaf in one to make
// the floating pane), and the "<…>" section dropped, with the checksum
// made again. select-layout takes it once the pane is killed, when it
// would refuse any layout with a floating section (layout-custom.c,
// layout_parse). It fails when s holds another floating pane, or is not a
// layout CheckLayout takes without that pane.
func TiledWithout(s string, pane int) (string, error) {
	bad := func(why string) error {
		return &Error{Kind: KindInvalidInput, Value: s, Message: fmt.Sprintf("layout %s: %s", Quote(s), why)}
	}
	if len(s) < 5 || s[4] != ',' {
		return "", bad("no checksum")
	}
	_, floating, ok := strings.Cut(s[5:], "<")
	if !ok || !strings.HasSuffix(floating, ">") {
		return "", bad("no floating pane")
	}
	if want := fmt.Sprintf(",%d>", pane); strings.Count(floating, ",") != 3 || !strings.HasSuffix(floating, want) {
		return "", bad(fmt.Sprintf("floating panes other than %%%d", pane))
	}
	_, root, err := parseLayoutTree(s)
	if err != nil {
		return "", err
	}
	if root = withoutPanes(root, func(id int) bool { return id == pane }); root == nil {
		return "", bad("no pane but the floating one")
	}
	out := dumpLayout(root)
	if _, err := CheckLayout(out); err != nil {
		return "", err
	}
	return out, nil
}
