package transport_test

import (
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"

	"github.com/panemap/panemap/internal/tmuxtest"
)

func TestControlPolicy(t *testing.T) {
	t.Parallel()
	srv := tmuxtest.Start(t, 0, 0)
	v, err := transport.TmuxVersion(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	safe := v.AtLeast(tmux.SafeControlVersion.Major, tmux.SafeControlVersion.Minor)
	for _, tc := range []struct {
		policy      string
		wantControl bool
	}{
		{"auto", safe},
		{"", safe},
		{"always", true},
		{"never", false},
	} {
		p, err := tmux.ParseControlPolicy(tc.policy)
		if err != nil {
			t.Fatal(err)
		}
		at := transport.NewAuto(tmux.Socket{Name: srv.Name, Source: "-L"})
		at.Env = tmuxtest.Env()
		at.Policy = p
		ok, err := at.Connect(t.Context())
		if ok != tc.wantControl {
			t.Errorf("policy %q on tmux %s: control mode %v (%v), want %v", tc.policy, v, ok, err, tc.wantControl)
		}
		if !ok && tmux.KindOf(err) != tmux.KindUnsupported {
			t.Errorf("policy %q: refusal %v is not typed unsupported", tc.policy, err)
		}
		if tc.policy == "auto" && !safe && !strings.Contains(err.Error(), v.Raw) {
			t.Errorf("the refusal does not name tmux %s: %v", v, err)
		}
		// Whatever the path, commands work.
		if out, err := at.Run(t.Context(), []string{"display-message", "-p", "ok"}); err != nil || strings.TrimSpace(out) != "ok" {
			t.Errorf("policy %q: Run = %q, %v", tc.policy, out, err)
		}
		_ = at.Close()
	}
	if _, err := tmux.ParseControlPolicy("sometimes"); tmux.KindOf(err) != tmux.KindInvalidInput {
		t.Errorf("bad policy accepted: %v", err)
	}
}
