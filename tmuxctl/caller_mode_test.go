package tmuxctl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// TestActNeedsTheNavigatorsSession: Act is the navigator's and takes no
// empty session to mean an agent (that is ActForAgent): it refuses one
// and sends tmux nothing.
func TestActNeedsTheNavigatorsSession(t *testing.T) {
	t.Parallel()
	f := &fakeSender{}
	_, err := fakeClient(f).Act(t.Context(), "", Op{Kind: OpSwap, Pane: "%1", With: "%2"})
	if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "ActForAgent") {
		t.Errorf("Act with no session: %v, want a refusal naming ActForAgent", err)
	}
	if len(f.sent) != 0 {
		t.Errorf("sent %d command lists, want none", len(f.sent))
	}
}

// TestCallersPickTheirScripts: where the navigator's script and an
// agent's differ (a layout string, a move into a window, a break), each
// caller's golden file holds its own script and not the other's.
func TestCallersPickTheirScripts(t *testing.T) {
	t.Parallel()
	layout := Op{Kind: OpLayout, Window: "@1", Layout: tallLayout}
	move := Op{Kind: OpMove, Pane: "%1", Window: "@2"}
	breakOut := Op{Kind: OpMove, Pane: "%1"}
	for _, c := range []struct {
		navigator, agent string // golden files
		op               Op
	}{
		{"layout-string", "agent-layout-string", layout},
		{"move-quiet", "agent-move", move},
		{"break-quiet", "agent-break", breakOut},
	} {
		navFile, agentFile := readGolden(t, c.navigator), readGolden(t, c.agent)
		navLine, agentLine := flat(t, c.op.script(navigator, "$1")), flat(t, c.op.script(agent, ""))
		if navLine == agentLine {
			t.Fatalf("%s: the navigator's script is the agent's", c.navigator)
		}
		if !strings.Contains(navFile, navLine) || strings.Contains(navFile, agentLine) {
			t.Errorf("%s.golden does not hold the navigator's script alone", c.navigator)
		}
		if !strings.Contains(agentFile, agentLine) || strings.Contains(agentFile, navLine) {
			t.Errorf("%s.golden does not hold the agent's script alone", c.agent)
		}
	}
}

func readGolden(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "scripts", name+".golden"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func flat(t *testing.T, cmds [][]string) string {
	t.Helper()
	line, err := transport.CommandLine(cmds)
	if err != nil {
		t.Fatal(err)
	}
	return line
}
