package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/agentwatch"
	"github.com/panemap/panemap/tmuxctl/modal"
	"github.com/panemap/panemap/tmuxctl/panetext"
	"github.com/panemap/panemap/ui"
)

func navigatorCommand() command {
	return command{
		name:    "",
		summary: "open the navigator on the current window (in a popup when run in one of its panes)",
		about: `Without -L or -S, panemap talks to the tmux it runs inside ($TMUX), else tmux's default server.
It needs a terminal; from a script or a key binding, use panemap popup.
Each flag overrides its tmux option (see panemap --help) for this run.`,
		define: func(fs *flag.FlagSet) runFunc {
			nf := defineNavigatorFlags(fs)
			return func(ctx context.Context, g *globals, args []string) int {
				if err := nf.check(args); err != nil {
					return usageError(g, err)
				}
				return runNavigator(ctx, g, nf)
			}
		},
	}
}

// navigatorFlags are the navigator's own flags.
type navigatorFlags struct {
	given   map[string]*string
	inPopup bool
	inModal string // the pane focused when the modal pane opened
	client  string
	state   string // the key press's snapshot of its window (first_frame.go)
}

// defineNavigatorFlags defines the settings' flags, and the hidden flags
// the key bindings pass.
func defineNavigatorFlags(fs *flag.FlagSet) *navigatorFlags {
	// The popup's settings too: typed in a pane with @panemap-open
	// modal, it opens the modal pane they size.
	nf := &navigatorFlags{given: settingFlags(fs, true)}
	fs.BoolVar(&nf.inPopup, "in-popup", false, "running inside a display-popup: show the navigator here, never in another popup (key bindings use it)")
	fs.StringVar(&nf.client, "client", "", "the tmux client the navigator shows on (#{client_name}), which a jump to another session switches; default: the session's most recently active client")
	fs.StringVar(&nf.inModal, "in-modal", "", "running inside a modal pane (tmux 3.8, new-pane -O) that opened over this `pane`: keep the focus on the map and apply it as the pane closes (key bindings use it)")
	fs.StringVar(&nf.state, stateFlag, "", "with --in-popup or --in-modal: the window as the key press saw it, to draw at once (key bindings pass it, as the README's one-line binding shows)")
	hide(fs, "in-popup", "in-modal", "client", stateFlag)
	return nf
}

// check refuses bad flag values and any argument.
func (nf *navigatorFlags) check(args []string) error {
	if nf.client != "" {
		if _, err := tmux.ParseTarget(nf.client); err != nil {
			return fmt.Errorf("--client: %w", err)
		}
	}
	if nf.inModal != "" {
		if _, err := tmux.ParsePaneID(nf.inModal); err != nil {
			return fmt.Errorf("--in-modal: %w", err)
		}
	}
	if len(args) > 0 {
		return fmt.Errorf("unexpected argument %s", tmux.Quote(args[0]))
	}
	return checkFlags(nf.given)
}

func runNavigator(ctx context.Context, g *globals, nf *navigatorFlags) int {
	navigatorRuntime()
	if sid, wid, ok := g.idsTarget(); ok && nf.inPopup {
		return openInPopup(ctx, g, nf, sid, wid)
	}
	if nf.inModal != "" {
		return openInModal(ctx, g, nf)
	}
	client, sid, wid, err := g.openWindow(ctx)
	if err != nil {
		return fail(g, err)
	}
	defer client.Close()
	// In an ordinary pane of this session, moving tmux's focus would take
	// the keyboard away from the navigator itself: show it in a popup.
	if !nf.inPopup && g.inSessionPane(ctx, client, sid) {
		// Over its own window (no -t), @panemap-open modal opens it in
		// a modal pane over this one instead.
		var over tmux.PaneID
		if g.target == "" {
			over = g.env.Pane()
		}
		return launchPopup(ctx, g, client, sid, wid, "", nf.given, over)
	}
	st := loadSettings(ctx, client, sid, nf.given, g.stderr)
	// The control connection now, where the policy allows one, rather
	// than on the first call; failing that, every call runs a tmux
	// process until a connection can be had.
	_, _ = client.Connect(ctx)
	opts, closePreviews := navigatorOptions(ctx, client, sid, wid, st, nil)
	opts.Client = nf.client
	defer closePreviews()
	return runUI(ctx, g, client, opts)
}

// openInPopup is the navigator in a popup over session sid: what the
// first frame needs is one tmux command list (one process, or one round
// trip), read while Bubble Tea starts, with no `tmux -V`; the control
// connection and the output watch come up while the map is already on
// screen. wid "" is the session's current window: the one the session's
// clients show, the key presser's included.
func openInPopup(ctx context.Context, g *globals, nf *navigatorFlags, sid tmux.SessionID, wid tmux.WindowID) int {
	defer pauseGC(openingGCPause)()
	client := g.deferredClient() // the navigator's events dial once it runs
	defer client.Close()
	first := nf.firstFrame(sid, wid)
	return runOpened(ctx, g, client, client, sid, nf, first, func(ctx context.Context, open *tmuxctl.Opening, st settings) (ui.Options, func()) {
		if wid == "" {
			wid = open.State.Current
		}
		return navigatorOptions(ctx, client, sid, wid, st, open.State)
	})
}

// runOpened runs the navigator over core, its first frame drawn from one
// opening read of session sid (with the server's check and the
// settings), and its options made by options from them; or, given first
// (the key press's snapshot), from first at once, and then from the read.
func runOpened(ctx context.Context, g *globals, core ui.Core, client *tmuxctl.Client, sid tmux.SessionID, nf *navigatorFlags, first *tmux.State,
	options func(context.Context, *tmuxctl.Opening, settings) (ui.Options, func())) int {
	var closePreviews func() // set by open, which ui.Run waits for
	open := func(ctx context.Context) (ui.Options, error) {
		open, err := client.ReadOpening(ctx, sid, settingOptions())
		if err != nil {
			return ui.Options{}, err
		}
		if err := tmux.CheckServerVersion(open.Version); err != nil {
			return ui.Options{}, err
		}
		// The navigator is drawing by now: a setting's warning goes on
		// its status line rather than over it on the terminal.
		var warnings strings.Builder
		st := settingsFrom(open.Options, nf.given, &warnings)
		opts, closer := options(ctx, open, st)
		opts.Notice = notice(warnings.String())
		opts.Client = nf.client
		closePreviews = closer
		return opts, nil
	}
	opts := nf.withFirstFrame(ui.DefaultOptions(sid), first)
	opts.Opening = open
	code := runUI(ctx, g, core, opts)
	if closePreviews != nil {
		closePreviews()
	}
	return code
}

// notice is settings' warnings as one status line.
func notice(warnings string) string {
	var parts []string
	for _, w := range strings.Split(strings.TrimSpace(warnings), "\n") {
		if w = strings.TrimPrefix(w, "panemap: warning: "); w != "" {
			parts = append(parts, w)
		}
	}
	return strings.Join(parts, " · ")
}

// openWindow opens a client on the server, resolves the window to show
// (-t, or the context panemap runs in) and refuses a server too old for
// panemap. Resolving the window, and handing over to a popup, need no
// control client: it attaches only once this process shows the navigator.
// The version checked is the server's, read with the window (no `tmux -V`:
// the binary may be newer than a server still running from before an
// upgrade); a missing tmux binary is the first command's own error ("tmux
// not found"), and so is a binary that cannot talk to the server.
func (g *globals) openWindow(ctx context.Context) (*tmuxctl.Client, tmux.SessionID, tmux.WindowID, error) {
	client := g.deferredClient()
	sid, wid, err := client.ResolveWindow(ctx, g.target)
	if err == nil {
		_, err = client.RequireVersion(ctx)
	}
	if err != nil {
		client.Close()
		return nil, "", "", err
	}
	return client, sid, wid, nil
}

// navigatorOptions are the navigator's options for window wid of session
// sid under settings st, and what closes the previews they start.
func navigatorOptions(ctx context.Context, client *tmuxctl.Client, sid tmux.SessionID, wid tmux.WindowID, st settings, initial *tmux.State) (ui.Options, func()) {
	opts := ui.DefaultOptions(sid)
	closePreviews := func() {}
	if st.Preview == "on" {
		previews := panetext.NewPreviews(client)
		// Where tmux can say which panes printed (3.7 and later), only
		// those are captured; otherwise the map polls. With a first frame
		// to show, the watch starts beside it rather than before it.
		if initial != nil {
			previews.WatchSoon(ctx, sid)
		} else {
			previews.Watch(ctx, sid)
		}
		closePreviews = func() { _ = previews.Close() }
		opts.Previews = previews
	}
	opts.Finder = panetext.New(client)
	// The agents' badges and n. A user's rules file that does not load
	// leaves the embedded rules here; panemap agents says what is wrong
	// with it.
	rules, err := agents.LoadRules("")
	if err != nil {
		rules = agents.DefaultRules()
	}
	opts.Agents = agentwatch.New(client, rules)
	opts.Window = wid
	opts.Initial = initial
	opts.Wrap = st.Edge == "wrap"
	opts.EscReverts = st.Esc == "revert"
	opts.NoColor = st.Color == "never"      // NO_COLOR: ui reads it (Options.Env)
	opts.ResizeStep, _ = parseStep(st.Step) // checked as it was loaded
	return opts, closePreviews
}

// runUI runs the navigator with opts and reports how it ended.
func runUI(ctx context.Context, g *globals, client ui.Core, opts ui.Options) int {
	if err := needTerminal(g); err != nil {
		return fail(g, err)
	}
	code, err := ui.Run(ctx, client, opts, g.stdin, g.stdout)
	if err != nil {
		fmt.Fprintf(g.stderr, "panemap: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// needTerminal refuses to draw the navigator anywhere but on a terminal:
// into a pipe or a file it would only write escape sequences. A popup's
// panemap runs on the popup's own terminal, so it passes.
func needTerminal(g *globals) error {
	for _, s := range []any{g.stdin, g.stdout} {
		f, ok := s.(term.File)
		if !ok || !term.IsTerminal(f.Fd()) {
			return errors.New("the navigator needs a terminal on its input and output; run it in one, or from a tmux key binding (panemap help popup)")
		}
	}
	return nil
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

// launchPopup re-runs this binary in a display-popup on the client (or,
// given the pane it runs over, in a modal pane there when @panemap-open
// says so and tmux can: see launchModal), passing the server, the window
// and the settings explicitly (inside the popup TMUX_PANE is unset and
// "current" is ambiguous), and the window as a snapshot (--state), which
// the navigator draws before its own read. It asks tmux one command list
// before display-popup: the server's version and socket, the session's
// clients and current window (wid "" means that one) with its snapshot,
// and the settings' options. Where the plugin's key would, the popup runs
// panemap-open, which hands it to the resident (see opener).
func launchPopup(ctx context.Context, g *globals, client *tmuxctl.Client, sid tmux.SessionID, wid tmux.WindowID, clientName string, given map[string]*string, over tmux.PaneID) int {
	exe, err := os.Executable()
	if err != nil {
		return fail(g, fmt.Errorf("cannot find panemap's own binary: %w", err))
	}
	place, err := client.ReadPopupPlace(ctx, sid, append(settingOptions(), openOption, residentOption), firstFrameOptions())
	if err != nil {
		return fail(g, err)
	}
	if err := tmux.CheckServerVersion(place.Version); err != nil {
		return fail(g, err)
	}
	st := settingsFrom(place.Options, given, g.stderr)
	if wid == "" {
		wid = place.Window
	}
	argv := append([]string{opener(exe, place.Options), "-S", place.SocketPath, "-t", string(sid) + ":" + string(wid)}, st.asFlags()...)
	if place.Snapshot != "" {
		argv = append(argv, "--"+stateFlag, place.Snapshot)
	}
	if over != "" && place.Options[openOption] == "modal" && modal.Supported(place.Version) {
		return launchModal(ctx, g, client, argv, over, st)
	}
	argv = append(argv, "--in-popup")
	if clientName != "" {
		argv = append(argv, "--client", clientName)
	}
	code, err := client.Popup(ctx, place, tmuxctl.PopupSpec{
		Client: clientName, Session: sid,
		Width: st.Width, Height: st.Height, Border: st.Border,
		Title:   " panemap ",
		Command: argv,
		// The popup's panemap is told the server and the window; with
		// TMUX set the colour library it links would run `tmux info`
		// as it starts.
		Env: []string{"TMUX="},
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

// usageError reports a bad flag, value or argument on one line, says
// where the usage is, and exits 2.
func usageError(g *globals, err error) int {
	help := "panemap --help"
	if g.command != "" {
		help = "panemap help " + g.command
	}
	fmt.Fprintf(g.stderr, "%s: %v\nRun '%s' for usage.\n", strings.TrimSpace("panemap "+g.command), err, help)
	return 2
}
