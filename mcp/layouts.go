package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/namedlayout"
)

// The named layouts' tools: save_layout, list_layouts, apply_layout and
// delete_layout. The files are package layouts' (a Store), the plan its
// MakePlan, the save namedlayout.Save and the apply tmuxctl's
// OpApplyLayout: here are only the arguments and the answers.

// previewSize is the window a saved layout is drawn into for
// list_layouts' maps: the text map scales it to 80 columns anyway, and
// this keeps a saved layout's proportions for any size it was saved at.
const previewWidth, previewHeight = 160, 48

// store is where the layouts are: Options.LayoutDir, else the user's
// config directory.
func (h *handlers) store() (*layouts.Store, error) {
	if h.opts.LayoutDir != "" {
		return &layouts.Store{Dir: h.opts.LayoutDir}, nil
	}
	return layouts.DefaultStore()
}

// layoutName is a validated name argument.
func layoutName(a args) (string, error) {
	name := a.str("name")
	if err := layouts.CheckName(name); err != nil {
		return "", argErr("name", err)
	}
	return name, nil
}

type savedView struct {
	Name     string        `json:"name"`
	WindowID tmux.WindowID `json:"window_id"`
	Panes    int           `json:"panes"`
	Floating int           `json:"floating"`
	Layout   string        `json:"layout"`
	SavedAt  string        `json:"saved_at"`
	Replaced bool          `json:"replaced"`
}

func (h *handlers) saveLayout(ctx context.Context, a args) (string, any, error) {
	name, err := layoutName(a)
	if err != nil {
		return "", nil, err
	}
	win, err := tmux.ParseWindowID(a.str("window"))
	if err != nil {
		return "", nil, argErr("window", err)
	}
	store, err := h.store()
	if err != nil {
		return "", nil, err
	}
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	overwrite, _ := a["overwrite"].(bool)
	s, err := namedlayout.Save(ctx, h.c, store, name, win, overwrite, time.Now())
	if err != nil {
		return "", nil, err
	}
	l := s.Layout
	v := savedView{Name: l.Name, WindowID: win, Panes: len(l.Slots) + len(l.Floating), Floating: len(l.Floating),
		Layout: l.Raw, SavedAt: l.SavedAt.UTC().Format(time.RFC3339), Replaced: s.Replaced}
	verb := "Saved"
	if s.Replaced {
		verb = "Replaced"
	}
	return fmt.Sprintf("%s layout %s: window %s's %s.\n%s", verb, tmux.Quote(l.Name), win,
		plural.Count(v.Panes, "pane", "panes"), geometry.TextMap(s.Window, 80)), v, nil
}

type savedLayoutView struct {
	Name     string  `json:"name"`
	Panes    int     `json:"panes"`
	Floating int     `json:"floating"`
	Width    int     `json:"width"`
	Height   int     `json:"height"`
	SavedAt  *string `json:"saved_at"`
	Map      string  `json:"map"`
	Broken   *string `json:"broken"`
}

type layoutsView struct {
	Layouts []savedLayoutView `json:"layouts"`
}

func (h *handlers) listLayouts(ctx context.Context, a args) (string, any, error) {
	store, err := h.store()
	if err != nil {
		return "", nil, err
	}
	entries, err := store.List()
	if err != nil {
		return "", nil, err
	}
	v := layoutsView{Layouts: []savedLayoutView{}}
	var b strings.Builder
	fmt.Fprintf(&b, "%s saved.", plural.Count(len(entries), "layout", "layouts"))
	for _, e := range entries {
		if e.Broken != "" || e.Layout == nil {
			why := e.Broken
			v.Layouts = append(v.Layouts, savedLayoutView{Name: e.Name, Broken: &why})
			fmt.Fprintf(&b, "\n\n%s: broken: %s", tmux.Quote(e.Name), why)
			continue
		}
		l := e.Layout
		at := l.SavedAt.UTC().Format(time.RFC3339)
		m := geometry.TextMap(l.Preview(previewWidth, previewHeight), 80)
		n := len(l.Slots) + len(l.Floating)
		v.Layouts = append(v.Layouts, savedLayoutView{Name: e.Name, Panes: n, Floating: len(l.Floating),
			Width: l.Width, Height: l.Height, SavedAt: &at, Map: m})
		fmt.Fprintf(&b, "\n\n%s: %s, saved %s at %dx%d\n%s", tmux.Quote(e.Name), plural.Count(n, "pane", "panes"), at, l.Width, l.Height, m)
	}
	return b.String(), v, nil
}

type deletedView struct {
	Name    string `json:"name"`
	Deleted bool   `json:"deleted"`
}

func (h *handlers) deleteLayout(ctx context.Context, a args) (string, any, error) {
	name, err := layoutName(a)
	if err != nil {
		return "", nil, err
	}
	store, err := h.store()
	if err != nil {
		return "", nil, err
	}
	if err := store.Delete(name); err != nil {
		return "", nil, err
	}
	return fmt.Sprintf("Deleted layout %s.", tmux.Quote(name)), deletedView{Name: name, Deleted: true}, nil
}

type moveSlotView struct {
	Pane      tmux.PaneID `json:"pane"`
	Slot      int         `json:"slot"`
	MatchedBy string      `json:"matched_by"`
}

type createdView struct {
	Slot int          `json:"slot"`
	Pane *tmux.PaneID `json:"pane"`
	Cwd  string       `json:"cwd"`
}

type appliedView struct {
	Name     string         `json:"name"`
	WindowID tmux.WindowID  `json:"window_id"`
	DryRun   bool           `json:"dry_run"`
	Moves    []moveSlotView `json:"moves"`
	Created  []createdView  `json:"created"`
	Dropped  []int          `json:"dropped"`
	LeftOut  []string       `json:"left_out"`
	Layout   string         `json:"layout"`
	Width    int            `json:"width"`
	Height   int            `json:"height"`
	Zoomed   bool           `json:"zoomed"`
	Panes    []layoutPane   `json:"panes"`
}

func (h *handlers) applyLayout(ctx context.Context, a args) (string, any, error) {
	name, err := layoutName(a)
	if err != nil {
		return "", nil, err
	}
	win, err := tmux.ParseWindowID(a.str("window"))
	if err != nil {
		return "", nil, argErr("window", err)
	}
	dryRun, _ := a["dry_run"].(bool)
	create, _ := a["create"].(bool)
	store, err := h.store()
	if err != nil {
		return "", nil, err
	}
	saved, err := store.Load(name)
	if err != nil {
		return "", nil, err
	}
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	pl, err := namedlayout.Plan(ctx, h.c, saved, win, create)
	if err != nil {
		return "", nil, err
	}
	w, plan := pl.Window, pl.Plan
	after := plan.After(w) // in a dry run, the window as it would be
	if !dryRun {
		res, err := h.act(ctx, tmuxctl.Op{Kind: tmuxctl.OpApplyLayout, Window: win, Plan: plan, Text: name, From: &tmux.State{Windows: []*tmux.Window{w}}})
		if err != nil {
			return "", nil, err
		}
		after = res.Window
	}
	view := viewApplied(name, plan, after, dryRun)
	view.Created = createdPanes(saved, plan, w, after, dryRun)
	return appliedText(view, after), view, nil
}

// viewApplied is apply_layout's answer: the plan, and the window after it
// (as read back, or as it would be in a dry run).
func viewApplied(name string, p *layouts.Plan, w *tmux.Window, dryRun bool) appliedView {
	v := appliedView{Name: name, WindowID: w.ID, DryRun: dryRun, Moves: []moveSlotView{}, Created: []createdView{},
		Dropped: append([]int{}, p.Dropped...), LeftOut: append([]string{}, p.LeftOut...),
		Layout: w.Layout, Width: w.Width, Height: w.Height, Zoomed: w.Zoomed, Panes: []layoutPane{}}
	for _, m := range p.Moves {
		v.Moves = append(v.Moves, moveSlotView{Pane: m.Pane, Slot: m.Slot, MatchedBy: m.From})
	}
	for _, pn := range w.Panes {
		v.Panes = append(v.Panes, layoutPane{ID: pn.ID, Index: pn.Index, Left: pn.Left, Top: pn.Top, Width: pn.Width, Height: pn.Height, Active: pn.Active})
	}
	return v
}

// appliedText says what apply_layout did, or would do.
func appliedText(v appliedView, w *tmux.Window) string {
	var b strings.Builder
	verb := "Applied"
	if v.DryRun {
		verb = "Would apply (dry run, nothing changed):"
	}
	fmt.Fprintf(&b, "%s layout %s to window %s.", verb, tmux.Quote(v.Name), v.WindowID)
	for _, m := range v.Moves {
		fmt.Fprintf(&b, "\n  %s to slot %d (by %s)", m.Pane, m.Slot, m.MatchedBy)
	}
	for _, c := range v.Created {
		fmt.Fprintf(&b, "\n  new pane for slot %d in %s", c.Slot, tmux.Quote(c.Cwd))
	}
	if len(v.Dropped) > 0 {
		fmt.Fprintf(&b, "\n  slots closed: %v", v.Dropped)
	}
	for _, s := range v.LeftOut {
		fmt.Fprintf(&b, "\n  left out: %s", s)
	}
	fmt.Fprintf(&b, "\nLayout: %s\n%s", w.Layout, geometry.TextMap(w, 80))
	return b.String()
}

// createdPanes is each pane made for a slot (create): its slot, its id
// (a pane of after that w did not have; nil in a dry run) and where it
// started.
func createdPanes(l *layouts.Layout, p *layouts.Plan, w, after *tmux.Window, dryRun bool) []createdView {
	var made []tmux.PaneID
	for _, pn := range after.Panes {
		if _, had := w.Pane(pn.ID); !had && !dryRun {
			made = append(made, pn.ID)
		}
	}
	out := []createdView{}
	for i, s := range p.Create {
		c := createdView{Slot: slices.Index(l.Slots, s), Cwd: s.Cwd}
		if i < len(made) {
			c.Pane = &made[i]
		}
		out = append(out, c)
	}
	return out
}
