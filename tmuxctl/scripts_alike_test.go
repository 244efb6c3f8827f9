package tmuxctl

import (
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// TestScriptsAnswerAlikeOverBothTransports: a script's answer (output and
// failure) over a control client is what one tmux process answers, also
// when a command fails, whether it is one of the line's own (the rest of
// the list is not run) or one a script inserted (the list goes on), and
// the control connection answers the next call as usual afterwards.
func TestScriptsAnswerAlikeOverBothTransports(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	sock := tmux.Socket{Name: srv.Name, Source: "-L"}
	ex := &transport.Exec{Socket: sock}
	ex.Env = tmuxtest.Env()
	at := transport.NewAuto(sock)
	at.Env = tmuxtest.Env()
	at.Policy = tmux.ControlAlways
	defer at.Close()
	if ok, err := at.Connect(t.Context()); !ok {
		t.Fatalf("control mode: %v", err)
	}
	disp := func(s string) []string { return []string{"display-message", "-p", s} }
	for _, tc := range []struct {
		name string
		cmds [][]string
	}{
		{"plain", [][]string{disp("a"), disp("b")}},
		{"if-shell branches", [][]string{ifShell(g[0], "#{pane_active}", [][]string{disp("yes"), disp("again")}, [][]string{disp("no")}), disp("after")}},
		{"nested if-shell", [][]string{ifShell(g[0], "1", [][]string{ifShell(g[1], "#{pane_active}", [][]string{disp("b-active")}, [][]string{disp("b-not")})}, nil), disp("after")}},
		{"run-shell -C", [][]string{{"run-shell", "-C", "-t", g[2], "display-message -p #{pane_id}"}, disp("after")}},
		{"own command fails", [][]string{disp("before"), {"select-pane", "-t", "%999"}, disp("after")}},
		{"inserted command fails", [][]string{ifShell(g[0], "1", [][]string{{"select-pane", "-t", "%999"}}, nil), disp("after")}},
		{"step script", stepScript(g[0], tmux.DirNext)},
		// A script that ends in a read prints its end marker with it: a
		// failure ends the list or not, and the answer is the same.
		{"own command fails in a script", [][]string{disp("before"), {"has-session", "-t", "%999"}, ifShell(g[0], "1", [][]string{disp("x")}, nil), disp("after")}},
		{"own failure after an insert", [][]string{ifShell(g[0], "1", [][]string{disp("x")}, nil), {"select-pane", "-t", "%999"}, {"display-message", "-p", "-t", g[0], "#{pane_id}"}}},
		{"inserted failure, read of a pane", [][]string{ifShell(g[0], "1", [][]string{{"select-pane", "-t", "%999"}, disp("skipped")}, nil), {"display-message", "-p", "-t", g[1], "#{pane_id}"}}},
		{"read of a gone pane", [][]string{ifShell(g[0], "1", [][]string{disp("x")}, nil), {"display-message", "-p", "-t", "%999", "#{pane_id}"}}},
	} {
		wantOut, wantErr := ex.Run(t.Context(), tc.cmds...)
		gotOut, gotErr := at.RunScript(t.Context(), false, tc.cmds...)
		if at.Control() == nil {
			t.Fatalf("%s: did not run over the control connection", tc.name)
		}
		if gotOut != wantOut || tmux.KindOf(gotErr) != tmux.KindOf(wantErr) {
			t.Errorf("%s: control answered %q, %v; one tmux process %q, %v", tc.name, gotOut, gotErr, wantOut, wantErr)
		}
		if out, err := at.Run(t.Context(), disp("next")); out != "next\n" || err != nil {
			t.Fatalf("%s: the next call answered %q, %v", tc.name, out, err)
		}
	}
}
