package ui

import (
	"context"
	"errors"
	"io"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"

	"github.com/panemap/panemap/ui/termin"
	"github.com/panemap/panemap/ui/termout"
)

// FramesPerSecond is the most frames the navigator draws a second.
const FramesPerSecond = 30

// Run runs the navigator on in and out until it is closed, and returns the
// program's exit code: ExitOK for q, Enter, Esc and Ctrl+C; ExitTmuxGone
// when the server or session went away; ExitFailed when Esc could not put
// things back or the program itself failed (err says why).
//
// Bubble Tea v2 writes a few terminal queries at startup (synchronized
// output, keyboard enhancements) but never waits for their answers, which
// never come inside a tmux popup. The colour profile is chosen from the
// environment (NO_COLOR, TERM, COLORTERM) rather than detected, since
// detection would run `tmux info` and may query the terminal.
//
// The end of in (EOF: stdin from /dev/null or a closed pipe, a terminal
// hung up) closes the navigator as q does; see inputClosedMsg.
//
// With opts.Opening, the opening read runs beside Bubble Tea's start
// (opening.go); Run returns only once the read has, so that what it made
// can be cleaned up, and only once no read, capture or change the
// program started is still talking to tmux (package inflight).
func Run(ctx context.Context, core Core, opts Options, in io.Reader, out io.Writer) (int, error) {
	opts = opts.withDefaults()
	tw, th := terminalSize(out)
	if opts.size.w == 0 {
		opts.size.w, opts.size.h = tw, th
	}
	safe, shared := termout.Share(termout.Safe(out))
	if tw > 0 { // a terminal
		opts.firstPaint = termout.NewFirstPaint(shared, profileFor(opts))
	}
	m := New(core, opts).WithContext(ctx)
	// A map known already (the key press's snapshot, or the session
	// given) goes out before anything else starts: Bubble Tea's set-up
	// and the opening read's tmux process would each put a millisecond
	// or more, on a busy machine, between the key and the map. Raw
	// first, so that a key pressed meanwhile is not echoed over it.
	// Otherwise the opening read's answer paints it (onOpened).
	if opts.firstPaint != nil && m.state != nil {
		if restore, ok := termin.Raw(in); ok {
			defer restore()
			opts.firstPaint.Paint(m.View(), m.height)
		}
	}
	if opts.Opening != nil {
		wait, stop := startOpening(ctx, opts.Opening)
		defer stop()
		m.opts.Opening = wait
	}
	var p *tea.Program
	// Bubble Tea's reader treats EOF as the quiet end of input and the
	// program then waits for keys forever; the watch tells the model.
	// p is set before p.Run, which is what starts reading.
	in = termin.Watch(in, func() { p.Send(inputClosedMsg{}) })
	popts := []tea.ProgramOption{
		tea.WithContext(ctx),
		tea.WithInput(in),
		tea.WithOutput(safe),
		tea.WithEnvironment(opts.Env),
		tea.WithColorProfile(profileFor(opts)),
		// A frame reaches the terminal on the renderer's next tick: at
		// 30 a second, at most ~33 ms after the update. Every tick wakes
		// the process, whether anything changed or not, and a wake-up
		// is most of what an open navigator costs on a small VM:
		// measured in a real popup on 3.7c with live previews, 60 a
		// second cost ~0.7 points of a core more than 30, and 120 a
		// point more again (BENCHMARKS.md).
		tea.WithFPS(FramesPerSecond),
	}
	if opts.size.w > 0 {
		popts = append(popts, tea.WithWindowSize(opts.size.w, opts.size.h))
	}
	p = tea.NewProgram(m, popts...)
	final, err := p.Run()
	// No tmux process started for the map outlives the program.
	m.io.CloseAndWait()
	fm, ok := final.(Model)
	switch {
	case err != nil:
		return ExitFailed, err
	case !ok:
		return ExitFailed, errors.New("ui: the program ended without its model")
	}
	return fm.ExitCode(), fm.Err()
}

// terminalSize is out's size when it is a terminal, else zero. Known
// before the program starts, it lets the first frame be drawn from the
// first render rather than after the size's message comes round.
func terminalSize(out io.Writer) (w, h int) {
	f, ok := out.(term.File)
	if !ok || !term.IsTerminal(f.Fd()) {
		return 0, 0
	}
	w, h, err := term.GetSize(f.Fd())
	if err != nil {
		return 0, 0
	}
	return w, h
}

// profileFor is the colour profile from the environment alone.
func profileFor(opts Options) colorprofile.Profile {
	if opts.NoColor {
		return colorprofile.Ascii
	}
	p := colorprofile.Env(opts.Env)
	if p < colorprofile.ANSI {
		// A terminal without TERM still gets the basics; NoTTY would strip
		// even bold and reverse, which carry focus.
		p = colorprofile.Ascii
	}
	return p
}
