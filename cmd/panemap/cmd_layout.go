package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/panemap/panemap/geometry"
	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/layouts"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/floating"
)

func layoutCommand() command {
	return command{
		name:    "layout",
		summary: "save a window's layout under a name, list the saved ones, apply one to a window",
		args:    "save|list|apply|delete [NAME]",
		about: `panemap layout save NAME [-t WINDOW] [--force]  save the window's arrangement (--force: over a saved one)
panemap layout list [--json]                     the saved layouts, each drawn as a small map
panemap layout apply NAME [-t WINDOW] [--create] [--dry-run]
                                                 fit it to the window as it is now: panes move, none is
                                                 killed; --create makes the missing panes (a shell in
                                                 the saved directory); --dry-run prints the plan only
panemap layout delete NAME                       delete a saved layout
Layouts are kept in $XDG_CONFIG_HOME/panemap/layouts (~/.config/panemap/layouts), one JSON file each.
A key for a layout: bind-key M-1 run-shell 'panemap layout apply dev -t "#{window_id}"'.`,
		define: defineLayout,
	}
}

// layoutFlags are layout's flags, each for some of its actions.
type layoutFlags struct {
	force, json, create, dryRun bool
}

// layoutActions are layout's actions, with the flags each takes and
// whether it names a layout and a window.
var layoutActions = map[string]struct {
	flags  []string
	named  bool
	window bool
}{
	"save":   {[]string{"force"}, true, true},
	"list":   {[]string{"json"}, false, false},
	"apply":  {[]string{"create", "dry-run"}, true, true},
	"delete": {nil, true, false},
}

func defineLayout(fs *flag.FlagSet) runFunc {
	var f layoutFlags
	fs.BoolVar(&f.force, "force", false, "save: over a saved layout of that name")
	fs.BoolVar(&f.json, "json", false, "list: as JSON")
	fs.BoolVar(&f.create, "create", false, "apply: make the panes the window lacks (a shell in the saved directory)")
	fs.BoolVar(&f.dryRun, "dry-run", false, "apply: print the plan and the map of the result; change nothing")
	return func(ctx context.Context, g *globals, args []string) int {
		// The flags may come after the action and the name, as the
		// usage line writes them.
		var words []string
		for len(args) > 0 {
			if !strings.HasPrefix(args[0], "-") || args[0] == "-" {
				words, args = append(words, args[0]), args[1:]
				continue
			}
			if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
				printCommandHelp(g.stdout, layoutCommand())
				return 0
			} else if err != nil {
				return usageError(g, flagError(err))
			}
			args = fs.Args()
		}
		if err := g.check(); err != nil { // -L, -S, -t given after the action
			return usageError(g, err)
		}
		if len(words) == 0 {
			return usageError(g, errors.New("layout takes an action: save, list, apply or delete"))
		}
		action, ok := layoutActions[words[0]]
		if !ok {
			return usageError(g, fmt.Errorf("no layout action %s: want save, list, apply or delete", tmux.Quote(words[0])))
		}
		if want := map[bool]int{true: 2, false: 1}[action.named]; len(words) != want {
			what := "a layout's name"
			if !action.named {
				what = "nothing more"
			}
			return usageError(g, fmt.Errorf("layout %s takes %s", words[0], what))
		}
		var refused error
		fs.Visit(func(fl *flag.Flag) {
			switch {
			case fl.Name == "t" && !action.window, fl.Name == "L" && !action.window, fl.Name == "S" && !action.window:
				refused = fmt.Errorf("flag -%s does not apply to panemap layout %s: it talks to no tmux server", fl.Name, words[0])
			case len(fl.Name) > 1 && !contains(action.flags, fl.Name):
				refused = fmt.Errorf("flag --%s does not apply to panemap layout %s", fl.Name, words[0])
			}
		})
		if refused != nil {
			return usageError(g, refused)
		}
		store, err := layouts.DefaultStore()
		if err != nil {
			return fail(g, err)
		}
		name := ""
		if action.named {
			name = words[1]
			if err := layouts.CheckName(name); err != nil {
				return fail(g, err)
			}
		}
		switch words[0] {
		case "save":
			err = saveLayout(ctx, g, store, name, f.force)
		case "list":
			err = listLayouts(g, store, f.json)
		case "apply":
			err = applyLayout(ctx, g, store, name, f.create, f.dryRun)
		case "delete":
			if err = store.Delete(name); err == nil {
				fmt.Fprintf(g.stdout, "deleted layout %s\n", name)
			}
		}
		if err != nil {
			return fail(g, err)
		}
		return 0
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// layoutWindow is the window -t names (the window panemap runs in when
// none), read with everything a layout needs, on an open client. A
// window id (a key binding's #{window_id}) is read at once; any other
// target is resolved first.
func layoutWindow(ctx context.Context, g *globals, client *tmuxctl.Client) (*tmux.Window, error) {
	wid, err := tmux.ParseWindowID(g.target)
	if err != nil {
		if _, wid, err = client.ResolveWindow(ctx, g.target); err != nil {
			return nil, err
		}
	}
	return client.ListPanes(ctx, wid)
}

func saveLayout(ctx context.Context, g *globals, store *layouts.Store, name string, force bool) error {
	client := tmuxctl.Open(g.options(g.sock, g.env))
	defer client.Close()
	w, err := layoutWindow(ctx, g, client)
	if err != nil {
		return err
	}
	v, err := client.RequireVersion(ctx)
	if err != nil {
		return err
	}
	l, err := layouts.FromWindow(name, w, v, time.Now())
	if err != nil {
		return err
	}
	if _, err := store.Load(name); err == nil && !force {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: name, Message: fmt.Sprintf("layout %s exists: panemap layout save %s --force replaces it. Nothing changed", tmux.Quote(name), name)}
	}
	if err := store.Save(l, force); err != nil {
		return err
	}
	// The window remembers the layout it has now (see applying).
	if err := client.NameLayout(ctx, w.ID, name); err != nil {
		return err
	}
	fmt.Fprintf(g.stdout, "saved layout %s: %s of window %s (%dx%d)\n", name, plural.Count(len(l.Slots)+len(l.Floating), "pane", "panes"), w.ID, w.Width, w.Height)
	return nil
}

// layoutListed is one layout as list --json prints it.
type layoutListed struct {
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

func listLayouts(g *globals, store *layouts.Store, asJSON bool) error {
	entries, err := store.List()
	if err != nil {
		return err
	}
	listed := make([]layoutListed, 0, len(entries))
	for _, e := range entries {
		item := layoutListed{Name: e.Name, Broken: e.Broken}
		if l := e.Layout; l != nil {
			item.Panes, item.SavedAt, item.Tmux, item.Width, item.Height = len(l.Slots)+len(l.Floating), l.SavedAt, l.Tmux, l.Width, l.Height
			item.Map = geometry.TextMap(l.Preview(previewWidth, previewHeight), previewWidth)
		}
		listed = append(listed, item)
	}
	if asJSON {
		enc := json.NewEncoder(g.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(listed)
	}
	if len(listed) == 0 {
		fmt.Fprintf(g.stdout, "no saved layouts in %s\n", store.Dir)
		return nil
	}
	for i, item := range listed {
		if i > 0 {
			fmt.Fprintln(g.stdout)
		}
		if item.Broken != "" {
			fmt.Fprintf(g.stdout, "%s: broken: %s\n", item.Name, item.Broken)
			continue
		}
		fmt.Fprintf(g.stdout, "%s: %s, saved %s at %dx%d (tmux %s)\n%s\n", item.Name, plural.Count(item.Panes, "pane", "panes"),
			item.SavedAt.Local().Format("2006-01-02 15:04"), item.Width, item.Height, item.Tmux, item.Map)
	}
	return nil
}

func applyLayout(ctx context.Context, g *globals, store *layouts.Store, name string, create, dryRun bool) error {
	l, err := store.Load(name)
	if err != nil {
		return err
	}
	client := tmuxctl.Open(g.options(g.sock, g.env))
	defer client.Close()
	w, err := layoutWindow(ctx, g, client)
	if err != nil {
		return err
	}
	floatingOK := false
	if len(l.Floating) > 0 { // the server's version matters only then
		v, err := client.RequireVersion(ctx)
		if err != nil {
			return err
		}
		floatingOK = floating.Supported(v)
	}
	plan, err := layouts.MakePlan(l, w, create, floatingOK)
	if err != nil {
		return err
	}
	if dryRun {
		fmt.Fprintf(g.stdout, "would apply layout %s to window %s (%dx%d); nothing changed\n", name, w.ID, w.Width, w.Height)
		printPlan(g, plan)
		fmt.Fprintln(g.stdout, geometry.TextMap(plan.After(w), 80))
		return nil
	}
	op := tmuxctl.Op{Kind: tmuxctl.OpApplyLayout, Window: w.ID, Plan: plan, Text: name, From: &tmux.State{Windows: []*tmux.Window{w}}}
	if err := client.ApplyLayout(ctx, op); err != nil {
		return err
	}
	fmt.Fprintf(g.stdout, "applied layout %s to window %s: %s\n", name, w.ID, plan.Layout)
	printPlan(g, plan)
	return nil
}

// printPlan says what the plan moves, closes, adds and leaves out.
func printPlan(g *globals, p *layouts.Plan) {
	for _, m := range p.Moves {
		fmt.Fprintf(g.stdout, "  %s to slot %d (matched by %s)\n", m.Pane, m.Slot, m.From)
	}
	for _, s := range p.Create {
		fmt.Fprintf(g.stdout, "  a new pane in %s\n", tmux.Quote(s.Cwd))
	}
	for _, slot := range p.Dropped {
		fmt.Fprintf(g.stdout, "  slot %d closed: no pane for it\n", slot)
	}
	for _, id := range p.Extra {
		fmt.Fprintf(g.stdout, "  %s has no slot: it shares the largest\n", id)
	}
	for _, what := range p.LeftOut {
		fmt.Fprintf(g.stdout, "  left out: %s\n", what)
	}
}
