package transport

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

func TestWatchable(t *testing.T) {
	t.Parallel()
	for v, want := range map[string]bool{"3.2a": false, "3.3a": false, "3.6b": false, "3.7": true, "3.7c": true, "next-3.8": true, "master": true, "openbsd-7.5": false, "": false} {
		sv, _ := tmux.ParseServerVersion(v)
		if got := watchable(sv); got != want {
			t.Errorf("%q: %v", v, got)
		}
	}
}

func TestOutputPane(t *testing.T) {
	t.Parallel()
	for line, want := range map[string]int{
		"%output %12 abc\n":                   12,
		"%output %0 \n":                       0,
		"%extended-output %7 123 : x\n":       7,
		"%output %4294967295 x":               4294967295,
		"%output %12":                         -1,
		"%output %x y\n":                      -1,
		"%output 12 y\n":                      -1,
		"%outputs %1 y\n":                     -1,
		"%begin 1 2 1\n":                      -1,
		"%output %12345678901 x":              -1,
		" %output %1 x":                       -1,
		"%extended-output %3\n":               -1,
		"%output %1\x00 x":                    -1,
		"%output %99 %output %98 fake\n":      99,
		"%window-pane-changed @1 %2\n":        -1,
		"%output %5 \\033[31mred\\015\\012\n": 5,
	} {
		n, ok := outputPane([]byte(line))
		if !ok {
			n = -1
		}
		if n != want {
			t.Errorf("%q: %d, want %d", line, n, want)
		}
	}
}

// newReaderWatch is an OutputWatch on a connection with no process, for
// driving its readLoop: every pane is known and paused, so reading
// writes nothing.
func newReaderWatch(panes int) *OutputWatch {
	w := &OutputWatch{ready: true, armed: map[int]bool{}, arming: map[int]int{}, paused: map[int]bool{},
		wake: make(chan struct{}, 1)}
	w.ctl = &Control{stdin: nopCloser{io.Discard},
		attachResult: make(chan error, 1), done: make(chan struct{}),
		onOutput: w.output, onIdle: w.flush}
	for n := range panes {
		w.paused[n] = true
	}
	return w
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// outputStream is n %output lines of size bytes of escaped payload each,
// for panes 0..8, with a notification and a block among them.
func outputStream(n, size int) []byte {
	payload := strings.Repeat(`y\012`, size/4)
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "%%output %%%d %s\n", i%9, payload)
		if i%100 == 0 {
			b.WriteString("%layout-change @1 abcd,80x24,0,0,1 abcd,80x24,0,0,1 *\n%begin 1 2 0\n%output %1 inside\n%end 1 2 0\n")
		}
	}
	return b.Bytes()
}

func TestReadLoopLongLines(t *testing.T) {
	t.Parallel()
	w := newReaderWatch(9)
	w.armed[3] = true
	long := strings.Repeat("x", 200<<10)
	in := "%output %1 " + long + "\n%begin 1 2 0\n" + long + "\n%end 1 2 0\n%output %3 y\n%exit too far behind\n"
	if reason := w.ctl.readLoop(strings.NewReader(in)); reason != "too far behind" {
		t.Errorf("exit reason %q", reason)
	}
	if !w.ctl.attached || len(w.printed) != 1 || w.printed[0] != "%3" || w.armed[3] {
		t.Errorf("attached %v, printed %v, armed %v", w.ctl.attached, w.printed, w.armed)
	}
}

// BenchmarkReadOutput compares the connection's reader, as the output
// watch uses it, with reading every line into a string, on the same
// %output stream (4 KB escaped payload per line, as tmux writes it under
// load).
func BenchmarkReadOutput(b *testing.B) {
	in := outputStream(1000, 4096)
	b.Run("watch", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			newReaderWatch(9).ctl.readLoop(bytes.NewReader(in))
		}
	})
	b.Run("strings", func(b *testing.B) {
		b.SetBytes(int64(len(in)))
		b.ReportAllocs()
		for b.Loop() {
			br := bufio.NewReaderSize(bytes.NewReader(in), 64<<10)
			var f framer
			for {
				line, err := br.ReadString('\n')
				if err == io.EOF {
					break
				}
				f.feed(strings.TrimSuffix(line, "\n"))
			}
		}
	})
}
