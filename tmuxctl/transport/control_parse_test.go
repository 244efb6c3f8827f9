package transport

import (
	"reflect"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

// feedAll runs lines through a framer and collects the frames.
func feedAll(f *framer, text string) []frame {
	var out []frame
	for _, line := range strings.Split(text, "\n") {
		if fr := f.feed(line); fr.kind != frameNone {
			out = append(out, fr)
		}
	}
	return out
}

func TestFramer(t *testing.T) {
	t.Parallel()
	// A real tmux 3.3a transcript, plus an output line that only looks
	// like the end of its block.
	in := strings.Join([]string{
		"%begin 1795998941 266 0",
		"%end 1795998941 266 0",
		"%session-changed $0 main session",
		"%begin 1795998941 271 1",
		"%0",
		"%end 1795998941 270 1",
		"%end 1795998941 271 0",
		"%error 1795998941 271 1 x",
		"",
		"%end 1795998941 271 1",
		"%window-renamed @3 my  name",
		"stray line",
		"%begin 1795998941 274 1",
		"parse error: unknown command: bogus-cmd",
		"%error 1795998941 274 1",
		"%layout-change @0 408c,100x30,0,0[100x15,0,0,0,100x14,0,16,4] 408c,100x30,0,0 *",
		"%sessions-changed",
		"%exit",
	}, "\n")
	var f framer
	got := feedAll(&f, in)
	want := []frame{
		{kind: frameBlock},
		{kind: frameNotify, event: tmux.Event{Kind: "session-changed", Args: []string{"$0", "main session"}}},
		{kind: frameBlock, ours: true, lines: []string{"%0", "%end 1795998941 270 1", "%end 1795998941 271 0", "%error 1795998941 271 1 x", ""}},
		{kind: frameNotify, event: tmux.Event{Kind: "window-renamed", Args: []string{"@3", "my  name"}}},
		{kind: frameBlock, ours: true, failed: true, lines: []string{"parse error: unknown command: bogus-cmd"}},
		{kind: frameNotify, event: tmux.Event{Kind: "layout-change", Args: []string{"@0", "408c,100x30,0,0[100x15,0,0,0,100x14,0,16,4]", "408c,100x30,0,0", "*"}}},
		{kind: frameNotify, event: tmux.Event{Kind: "sessions-changed"}},
		{kind: frameNotify, event: tmux.Event{Kind: "exit"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("frames:\n got %#v\nwant %#v", got, want)
	}
	if f.inBlock {
		t.Fatal("framer still in a block")
	}
}

func TestFramerRejectsBadGuards(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"%begin", "%begin 1 2", "%begin 1 2 3 4", "%begin a b c", "%begin 1  2 3", "%begin -1 2 3"} {
		var f framer
		f.feed(line)
		if f.inBlock {
			t.Errorf("%q opened a block", line)
		}
	}
}

func TestBlockText(t *testing.T) {
	t.Parallel()
	if got := blockText(nil); got != "" {
		t.Errorf("blockText(nil) = %q", got)
	}
	if got := blockText([]string{"a", "", "b"}); got != "a\n\nb\n" {
		t.Errorf("blockText = %q", got)
	}
}

// FuzzControlFraming feeds arbitrary bytes as control-mode output: the
// framer must not panic, and what it reports must be consistent.
func FuzzControlFraming(f *testing.F) {
	f.Add([]byte("%begin 1 2 1\nout\n%end 1 2 1\n%exit\n"))
	f.Add([]byte("%begin 1 2 1\n%end 1 3 1\n%error 1 2 1\n"))
	f.Add([]byte("%layout-change @0 a b *\n%output %1 hi\\012\n%begin 1 2 0\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var fr framer
		for _, line := range strings.Split(string(data), "\n") {
			out := fr.feed(line)
			switch out.kind {
			case frameNone:
			case frameBlock:
				if fr.inBlock {
					t.Fatalf("a block completed but the framer is still in one")
				}
			case frameNotify:
				if !strings.HasPrefix(line, "%") || out.event.Kind != strings.SplitN(line[1:], " ", 2)[0] {
					t.Fatalf("line %q gave event %#v", line, out.event)
				}
			default:
				t.Fatalf("unknown frame kind %d", out.kind)
			}
		}
	})
}
