// Package layoutcli is what panemap layout save, list and apply do once
// their words and flags are checked (cmd/panemap's cmd_layout.go): the
// window read, the layout saved, listed as text maps or JSON, planned and
// applied through tmuxctl.OpApplyLayout.
package layoutcli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/namedlayout"
)

// windowID is the window target (-t) names (the window panemap runs in
// when none). A window id (a key binding's #{window_id}) is taken as it
// is; any other target is resolved first.
func windowID(ctx context.Context, client *tmuxctl.Client, target string) (tmux.WindowID, error) {
	wid, err := tmux.ParseWindowID(target)
	if err != nil {
		_, wid, err = client.ResolveWindow(ctx, target)
	}
	return wid, err
}

// Save saves window target's layout as name (over a saved one with
// force), and names the window after it.
func Save(ctx context.Context, out io.Writer, client *tmuxctl.Client, store *layouts.Store, target, name string, force bool) error {
	w, err := windowID(ctx, client, target)
	if err != nil {
		return err
	}
	if store.Has(name) && !force {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: name, Message: fmt.Sprintf("layout %s exists: panemap layout save %s --force replaces it. Nothing changed", tmux.Quote(name), name)}
	}
	saved, err := namedlayout.Save(ctx, client, store, name, w, force, time.Now())
	if err != nil {
		return err
	}
	l, win := saved.Layout, saved.Window
	fmt.Fprintf(out, "saved layout %s: %s of window %s (%dx%d)\n", name, plural.Count(len(l.Slots)+len(l.Floating), "pane", "panes"), win.ID, win.Width, win.Height)
	return nil
}

// listed is one layout as list --json prints it.
type listed struct {
	Name    string    `json:"name"`
	Panes   int       `json:"panes,omitempty"`
	SavedAt time.Time `json:"saved_at,omitzero"`
	Tmux    string    `json:"tmux,omitempty"`
	Width   int       `json:"width,omitempty"`
	Height  int       `json:"height,omitempty"`
	Map     string    `json:"map,omitempty"`
	Broken  string    `json:"broken,omitempty"`
}

// previewWidth and previewHeight are the size of list's small maps.
const previewWidth, previewHeight = 40, 10

// List writes the saved layouts: each with a text map, or as JSON.
func List(out io.Writer, store *layouts.Store, asJSON bool) error {
	entries, err := store.List()
	if err != nil {
		return err
	}
	all := make([]listed, 0, len(entries))
	for _, e := range entries {
		item := listed{Name: e.Name, Broken: e.Broken}
		if l := e.Layout; l != nil {
			item.Panes, item.SavedAt, item.Tmux, item.Width, item.Height = len(l.Slots)+len(l.Floating), l.SavedAt, l.Tmux, l.Width, l.Height
			item.Map = geometry.TextMap(l.Preview(previewWidth, previewHeight), previewWidth)
		}
		all = append(all, item)
	}
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(all)
	}
	if len(all) == 0 {
		fmt.Fprintf(out, "no saved layouts in %s\n", store.Dir)
		return nil
	}
	for i, item := range all {
		if i > 0 {
			fmt.Fprintln(out)
		}
		if item.Broken != "" {
			fmt.Fprintf(out, "%s: broken: %s\n", item.Name, item.Broken)
			continue
		}
		fmt.Fprintf(out, "%s: %s, saved %s at %dx%d (tmux %s)\n%s\n", item.Name, plural.Count(item.Panes, "pane", "panes"),
			item.SavedAt.Local().Format("2006-01-02 15:04"), item.Width, item.Height, item.Tmux, item.Map)
	}
	return nil
}

// Apply fits layout name to window target as it is now and applies it
// (create: making the panes it lacks), or with dryRun only writes the
// plan and the map of the result.
func Apply(ctx context.Context, out io.Writer, client *tmuxctl.Client, store *layouts.Store, target, name string, create, dryRun bool) error {
	// A layout that is not there is said before tmux is asked anything.
	l, err := store.Load(name)
	if err != nil {
		return err
	}
	wid, err := windowID(ctx, client, target)
	if err != nil {
		return err
	}
	planned, err := namedlayout.Plan(ctx, client, l, wid, create)
	if err != nil {
		return err
	}
	w, plan := planned.Window, planned.Plan
	if dryRun {
		fmt.Fprintf(out, "would apply layout %s to window %s (%dx%d); nothing changed\n", name, w.ID, w.Width, w.Height)
		printPlan(out, plan)
		fmt.Fprintln(out, geometry.TextMap(plan.After(w), 80))
		return nil
	}
	op := tmuxctl.Op{Kind: tmuxctl.OpApplyLayout, Window: w.ID, Plan: plan, Text: name, From: &tmux.State{Windows: []*tmux.Window{w}}}
	if err := client.ApplyLayout(ctx, op); err != nil {
		return err
	}
	fmt.Fprintf(out, "applied layout %s to window %s: %s\n", name, w.ID, plan.Layout)
	printPlan(out, plan)
	return nil
}

// printPlan says what the plan moves, closes, adds and leaves out.
func printPlan(out io.Writer, p *layouts.Plan) {
	for _, m := range p.Moves {
		fmt.Fprintf(out, "  %s to slot %d (matched by %s)\n", m.Pane, m.Slot, m.From)
	}
	for _, s := range p.Create {
		fmt.Fprintf(out, "  a new pane in %s\n", tmux.Quote(s.Cwd))
	}
	for _, slot := range p.Dropped {
		fmt.Fprintf(out, "  slot %d closed: no pane for it\n", slot)
	}
	for _, id := range p.Extra {
		fmt.Fprintf(out, "  %s has no slot: it shares the largest\n", id)
	}
	for _, what := range p.LeftOut {
		fmt.Fprintf(out, "  left out: %s\n", what)
	}
}
