package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/ui"
)

func navigatorCommand() command {
	return command{
		name:    "",
		summary: "open the navigator on the current window (in a popup when run in one of its panes)",
		usage:   "[--width W --height H --border STYLE] [--edge wrap|stop] [--esc revert|keep] [--color auto|never]",
		run:     runNavigator,
	}
}

// navigatorFlags are the navigator's own flags.
type navigatorFlags struct {
	given   map[string]*string
	inPopup bool
}

func parseNavigatorFlags(name string, args []string, stderr interface{ Write([]byte) (int, error) }) (*navigatorFlags, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	nf := &navigatorFlags{given: settingFlags(fs)}
	fs.BoolVar(&nf.inPopup, "in-popup", false, "internal: already running inside the popup (never re-launch)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %s", tmux.Quote(fs.Arg(0)))
	}
	return nf, checkFlags(nf.given)
}

func runNavigator(ctx context.Context, g *globals, args []string) int {
	nf, err := parseNavigatorFlags("panemap", args, g.stderr)
	if err != nil {
		return usageError(g, err)
	}
	client, sid, wid, st, err := g.openWindow(ctx, nf.given)
	if err != nil {
		return fail(g, err)
	}
	defer client.Close()
	// In an ordinary pane of this session, moving tmux's focus would take
	// the keyboard away from the navigator itself: show it in a popup.
	if !nf.inPopup && g.inSessionPane(ctx, client, sid) {
		return launchPopup(ctx, g, client, sid, wid, "", st)
	}
	attach(ctx, client)
	return navigate(ctx, g, client, sid, wid, st)
}

// openWindow connects to the server and resolves the window to show (-t,
// or the context panemap runs in) and the settings that apply there.
func (g *globals) openWindow(ctx context.Context, given map[string]*string) (*tmuxctl.Client, tmux.SessionID, tmux.WindowID, settings, error) {
	client, err := g.connect(ctx)
	if err != nil {
		return nil, "", "", settings{}, err
	}
	sid, wid, err := client.ResolveWindow(ctx, g.target)
	if err != nil {
		client.Close()
		return nil, "", "", settings{}, err
	}
	return client, sid, wid, loadSettings(ctx, client, sid, given, g.stderr), nil
}

// navigate runs the navigator in this terminal.
func navigate(ctx context.Context, g *globals, client *tmuxctl.Client, sid tmux.SessionID, wid tmux.WindowID, st settings) int {
	opts := ui.DefaultOptions(sid)
	opts.Preview = st.Preview == "on"
	if opts.Preview {
		previews := tmuxctl.NewPreviews(client)
		// Where tmux can say which panes printed (3.7 and later), only
		// those are captured; otherwise the map polls.
		previews.Watch(ctx, sid)
		defer func() { _ = previews.Close() }()
		opts.Previews = previews
	}
	opts.Window = wid
	opts.Wrap = st.Edge == "wrap"
	opts.EscReverts = st.Esc == "revert"
	opts.NoColor = st.Color == "never" || g.getenv("NO_COLOR") != ""
	opts.ResizeStep, _ = parseStep(st.Step) // checked as it was loaded
	code, err := ui.Run(ctx, client, opts, g.stdin, g.stdout)
	if err != nil {
		fmt.Fprintf(g.stderr, "panemap: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// inSessionPane reports whether panemap runs in a pane of session sid on
// this server.
func (g *globals) inSessionPane(ctx context.Context, client *tmuxctl.Client, sid tmux.SessionID) bool {
	p := g.env.Pane()
	if p == "" || client.Caller(ctx, p) != tmuxctl.RelationSelf {
		return false
	}
	w, err := client.WindowOf(ctx, p)
	return err == nil && w.SessionID == sid
}

// launchPopup re-runs this binary in a display-popup on the client,
// passing the server, the window and the settings explicitly (inside the
// popup TMUX_PANE is unset and "current" is ambiguous).
func launchPopup(ctx context.Context, g *globals, client *tmuxctl.Client, sid tmux.SessionID, wid tmux.WindowID, clientName string, st settings) int {
	exe, err := os.Executable()
	if err != nil {
		return fail(g, fmt.Errorf("cannot find panemap's own binary: %w", err))
	}
	sockPath, err := client.SocketPath(ctx)
	if err != nil {
		return fail(g, err)
	}
	argv := append([]string{exe, "-S", sockPath, "-t", string(sid) + ":" + string(wid)}, st.asFlags()...)
	argv = append(argv, "--in-popup")
	code, err := client.Popup(ctx, tmuxctl.PopupSpec{
		Client: clientName, Session: sid,
		Width: st.Width, Height: st.Height, Border: st.Border,
		Title:   " panemap ",
		Command: argv,
	})
	if err != nil {
		return fail(g, err)
	}
	return code
}

// fail reports an error on one line and picks the exit code.
func fail(g *globals, err error) int {
	fmt.Fprintf(g.stderr, "panemap: %v\n", err)
	var e *tmux.Error
	if errors.As(err, &e) && e.Kind == tmux.KindInvalidInput {
		return 2
	}
	return 1
}

func usageError(g *globals, err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	fmt.Fprintf(g.stderr, "panemap: %v\n", err)
	return 2
}
