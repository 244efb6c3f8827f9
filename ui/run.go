package ui

import (
	"context"
	"errors"
	"io"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

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
func Run(ctx context.Context, core Core, opts Options, in io.Reader, out io.Writer) (int, error) {
	opts = opts.withDefaults()
	m := New(core, opts).WithContext(ctx)
	popts := []tea.ProgramOption{
		tea.WithContext(ctx),
		tea.WithInput(in),
		tea.WithOutput(out),
		tea.WithEnvironment(opts.Env),
		tea.WithColorProfile(profileFor(opts)),
	}
	if opts.size.w > 0 {
		popts = append(popts, tea.WithWindowSize(opts.size.w, opts.size.h))
	}
	p := tea.NewProgram(m, popts...)
	final, err := p.Run()
	fm, ok := final.(Model)
	switch {
	case err != nil:
		return ExitFailed, err
	case !ok:
		return ExitFailed, errors.New("ui: the program ended without its model")
	}
	return fm.ExitCode(), fm.Err()
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
