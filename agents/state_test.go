package agents

import (
	"slices"
	"testing"

	"github.com/panemap/panemap/tmux"
)

func TestParseState(t *testing.T) {
	for _, st := range States {
		if got, err := ParseState(string(st)); got != st || err != nil {
			t.Errorf("ParseState(%q) = %q, %v", st, got, err)
		}
	}
	for _, s := range []string{"", "Waiting", "busy", " done", "done\n"} {
		got, err := ParseState(s)
		e := tmux.AsError(err)
		if got != "" || e == nil || e.Kind != tmux.KindInvalidInput || e.Value != s ||
			e.Message != "invalid agent state "+tmux.Quote(s)+": want one of working, waiting, done, idle, error, exited, unknown" {
			t.Errorf("ParseState(%q) = %q, %v; want an invalid-input error naming it", s, got, err)
		}
	}
}

func TestHookStates(t *testing.T) {
	got := HookStates()
	if !slices.Equal(got, []State{Working, Waiting, Done, Idle, Error}) {
		t.Errorf("HookStates() = %v", got)
	}
	got[0] = Exited
	if HookStates()[0] != Working {
		t.Error("HookStates returned the shared slice")
	}
}

func TestSourceString(t *testing.T) {
	for _, c := range []struct {
		s    Source
		want string
	}{
		{Source{Kind: SourceHook}, "hook"},
		{Source{Kind: SourceWorkmux}, "workmux"},
		{Source{Kind: SourceTitle, Rule: "gemini-title-waiting"}, "title:gemini-title-waiting"},
		{Source{Kind: SourceScreen, Rule: "claude-proceed"}, "screen:claude-proceed"},
		{Source{}, ""},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("%#v.String() = %q; want %q", c.s, got, c.want)
		}
	}
}
