package tmuxctl_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

func TestCallerRelation(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	g := srv.Grid()
	other := tmuxtest.Start(t, 0, 0)
	// A symlink to the socket is the same file under another name.
	link := filepath.Join(t.TempDir(), "sock")
	if err := os.Symlink(srv.SocketPath(), link); err != nil {
		t.Fatal(err)
	}
	client := func(env tmux.Env) *tmuxctl.Client {
		return clienttest.Exec(t, srv.Name, env)
	}
	tmuxEnv := func(path string) string { return fmt.Sprintf("%s,123,0", path) }
	for _, tc := range []struct {
		name string
		env  tmux.Env
		pane string
		want tmuxctl.Relation
	}{
		{"outside tmux", tmux.Env{}, g[0], tmuxctl.RelationUnknown},
		{"TMUX without TMUX_PANE (popup)", tmux.Env{TMUX: tmuxEnv(srv.SocketPath())}, g[0], tmuxctl.RelationUnknown},
		{"TMUX_PANE without TMUX", tmux.Env{TMUXPane: g[0]}, g[0], tmuxctl.RelationUnknown},
		{"same server, same pane", tmux.Env{TMUX: tmuxEnv(srv.SocketPath()), TMUXPane: g[0]}, g[0], tmuxctl.RelationSelf},
		{"same socket by another path", tmux.Env{TMUX: tmuxEnv(link), TMUXPane: g[0]}, g[0], tmuxctl.RelationSelf},
		{"same server, other pane", tmux.Env{TMUX: tmuxEnv(srv.SocketPath()), TMUXPane: g[1]}, g[0], tmuxctl.RelationOther},
		{"other server, same pane id", tmux.Env{TMUX: tmuxEnv(other.SocketPath()), TMUXPane: g[0]}, g[0], tmuxctl.RelationOther},
		{"socket path that does not exist", tmux.Env{TMUX: tmuxEnv("/nonexistent/sock"), TMUXPane: g[0]}, g[0], tmuxctl.RelationOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := client(tc.env).Caller(t.Context(), tmux.PaneID(tc.pane)); got != tc.want {
				t.Errorf("Caller(%s) = %s, want %s", tc.pane, got, tc.want)
			}
		})
	}
}

func TestResolveSocket(t *testing.T) {
	t.Parallel()
	env := tmux.Env{TMUX: "/tmp/tmux-0/work,42,3", TMUXPane: "%7"}
	for _, tc := range []struct {
		name, l, s string
		env        tmux.Env
		wantArgs   []string
		wantSource string
		wantErr    bool
	}{
		{"flag -L wins over $TMUX", "x", "", env, []string{"-L", "x"}, "-L", false},
		{"flag -S", "", "/tmp/s", env, []string{"-S", "/tmp/s"}, "-S", false},
		{"$TMUX", "", "", env, []string{"-S", "/tmp/tmux-0/work"}, "$TMUX", false},
		{"default", "", "", tmux.Env{}, nil, "default", false},
		{"both", "x", "/tmp/s", env, nil, "", true},
		{"name with slash", "a/b", "", env, nil, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tmux.ResolveSocket(tc.l, tc.s, tc.env)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v", err)
			}
			if err != nil {
				return
			}
			if fmt.Sprint(s.Args()) != fmt.Sprint(tc.wantArgs) || s.Source != tc.wantSource {
				t.Errorf("got %v from %s, want %v from %s", s.Args(), s.Source, tc.wantArgs, tc.wantSource)
			}
		})
	}
	if got := env.Session(); got != "$3" {
		t.Errorf("Env.Session() = %q, want $3", got)
	}
}

func TestServerAbsentAppearsDies(t *testing.T) {
	t.Parallel()
	tmuxtest.Available(t)
	name := tmuxtest.UniqueName("pmabsent")
	c := clienttest.Exec(t, name, tmux.Env{})
	_, err := c.SelectPane(t.Context(), "%0", tmux.DirNone)
	var e *tmux.Error
	if !errors.As(err, &e) || e.Kind != tmux.KindServerGone {
		t.Fatalf("no server: got %v, want retryable server_gone", err)
	}
	s := tmuxtest.StartNamed(t, name, 0, 0)
	if _, err := c.SelectPane(t.Context(), "%0", tmux.DirNone); err != nil {
		t.Fatalf("server up: %v", err)
	}
	s.Kill()
	_, err = c.SelectPane(t.Context(), "%0", tmux.DirNone)
	if tmux.KindOf(err) != tmux.KindServerGone {
		t.Fatalf("server killed: got %v, want server_gone", err)
	}
}

func TestBinaryMissing(t *testing.T) {
	t.Parallel()
	c := tmuxctl.Open(tmuxctl.Options{Socket: tmux.Socket{Name: "whatever", Source: "-L"}, Binary: "/nonexistent/tmux", Control: tmux.ControlNever})
	_, err := c.SelectPane(t.Context(), "%0", tmux.DirNone)
	if tmux.KindOf(err) != tmux.KindServerGone {
		t.Fatalf("got %v, want server_gone", err)
	}
}
