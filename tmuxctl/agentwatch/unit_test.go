package agentwatch

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/agents"
	"github.com/panemap/panemap/tmux"
)

func TestTypeCmdsCarryEveryByte(t *testing.T) {
	for _, tc := range []struct {
		text string
		want [][]string
	}{
		{"#(touch X) $HOME", [][]string{{"send-keys", "-t", "%1", "-l", "#(touch X) $HOME"}}},
		{"a;", [][]string{{"send-keys", "-t", "%1", "-l", "a"}, {"send-keys", "-t", "%1", "-H", "3b"}}},
		{"a; b", [][]string{{"send-keys", "-t", "%1", "-l", "a; b"}}},
		{"x\ny;;\n", [][]string{{"send-keys", "-t", "%1", "-l", "x"}, {"send-keys", "-t", "%1", "-H", "0a"},
			{"send-keys", "-t", "%1", "-l", "y"}, {"send-keys", "-t", "%1", "-H", "3b", "3b", "0a"}}},
		{"\ttab", [][]string{{"send-keys", "-t", "%1", "-l", "\ttab"}}},
		{";", [][]string{{"send-keys", "-t", "%1", "-H", "3b"}}},
	} {
		if got := typeCmds("%1", tc.text); !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("typeCmds(%q) = %q, want %q", tc.text, got, tc.want)
		}
		// No argument may end in ';' (a command separator over exec) or
		// hold a newline (the end of a control-mode line).
		for _, c := range typeCmds("%1", tc.text) {
			for _, a := range c {
				if strings.HasSuffix(a, ";") || strings.ContainsAny(a, "\n\x00") {
					t.Errorf("typeCmds(%q) has argument %q", tc.text, a)
				}
			}
		}
	}
}

func TestParsePanesReadsTextExactly(t *testing.T) {
	// A title holding what the format parser and the record splitter
	// would take for theirs: tmux 3.4 escapes a backslash-doubled value.
	line := "%3\t1\t@2\t4\t$1\t4242\t0\t1\t1\t0\t1\t1700000000\t80\t24\t" +
		`main\.node\.#{pane_id}\\n ; \$x\011\.waiting\.1700000001\.claude\.\.\.\.` + "\n"
	got, err := parsePanes(line + strings.Replace(line, "%3\t1", "%3\t1", 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("a pane listed twice (a linked window) came back %d times", len(got))
	}
	p := got[0]
	if p.Pane != "%3" || p.PaneIndex != 1 || p.Window != "@2" || p.WindowIndex != 4 || p.Session != "$1" || p.PID != 4242 ||
		!p.Focused || p.Dead || p.Bell || !p.Activity || p.ActivityAt != 1700000000 || p.Width != 80 || p.Height != 24 {
		t.Errorf("fixed fields read as %+v", p)
	}
	if p.Title != "#{pane_id}\\n ; $x\t" || p.Command != "node" || p.Hook != "waiting" || p.HookSince != "1700000001" || p.HookAgent != "claude" {
		t.Errorf("text read as title %q command %q hook %q since %q agent %q", p.Title, p.Command, p.Hook, p.HookSince, p.HookAgent)
	}
	if _, err := parsePanes("%3\t1\n"); err == nil {
		t.Error("a short line read without an error")
	}
}

func TestChecksNameTheValue(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want string
	}{
		{checkWait(nil, []agents.State{"sleepy"}, 1e9), `"sleepy"`},
		{checkWait(nil, nil, 1e9), "no states"},
		{checkWait([]tmux.PaneID{"%01"}, []agents.State{agents.Done}, 1e9), "%01"},
		{checkWait(nil, []agents.State{agents.Done}, 0), "timeout"},
		{checkAgentName("cl aude;"), `"cl aude;"`},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("error %v, want one naming %s", tc.err, tc.want)
		}
	}
	if err := checkAgentName("claude-2.1"); err != nil {
		t.Error(err)
	}
}

func TestBudgetSharesCaptures(t *testing.T) {
	start := time.Unix(1700000000, 0)
	panes := map[tmux.PaneID]*memory{}
	var owed []tmux.PaneID
	for i := range 20 {
		p := tmux.PaneID("%" + strconv.Itoa(i))
		panes[p] = &memory{}
		owed = append(owed, p)
	}
	var b budget
	if got := b.take(start, owed, panes); len(got) != 20 {
		t.Fatalf("first captures: %d of 20, want all (a first capture is free)", len(got))
	}
	for i, p := range owed {
		panes[p].captured, panes[p].capturedAt = true, start.Add(time.Duration(i)*time.Millisecond)
	}
	// A second later: the bucket has refilled to captureRate a second, no
	// more than captureBurst, and went below zero for the first round.
	total := 0
	now := start
	for range 40 {
		now = now.Add(250 * time.Millisecond)
		got := b.take(now, owed, panes)
		for _, p := range got {
			panes[p].capturedAt = now
		}
		total += len(got)
		if len(got) > captureBurst {
			t.Fatalf("a round took %d captures, more than the burst %d", len(got), captureBurst)
		}
	}
	// 10 s at 4 entries a second, a header a round: at most 40 entries.
	if spent := total + 10; total == 0 || spent > 10*captureRate+captureBurst {
		t.Errorf("10 s of looks captured %d screens", total)
	}
	// The longest waiting go first.
	got := b.take(now.Add(2*time.Second), owed, panes)
	for _, p := range got {
		for _, q := range owed {
			if !slices.Contains(got, q) && panes[q].capturedAt.Before(panes[p].capturedAt) {
				t.Errorf("%s (captured %v) went before %s (captured %v)", p, panes[p].capturedAt, q, panes[q].capturedAt)
			}
		}
	}
}
