// Package termin is the navigator's input from its terminal: the end of
// input noticed, and a lone Esc read as Esc at once. It imports nothing
// of panemap.
package termin

import (
	"errors"
	"io"
	"os"
	"sync"

	"github.com/charmbracelet/x/term"
)

// eofWatch passes reads through and calls closed, once, at EOF.
type eofWatch struct {
	r      io.Reader
	once   sync.Once
	closed func()
}

func (w *eofWatch) Read(b []byte) (int, error) {
	n, err := w.r.Read(b)
	if errors.Is(err, io.EOF) {
		w.once.Do(w.closed)
	}
	return spellLoneEsc(b, n), err // unwrapped: io.EOF must stay io.EOF
}

// KittyEsc is the Esc key as the kitty keyboard protocol spells it
// (CSI 27 u), which Bubble Tea's reader decodes as Esc at once.
const KittyEsc = "\x1b[27u"

// spellLoneEsc rewrites a read of the one byte ESC as KittyEsc and
// returns the read's new length. A lone ESC could be the start of an
// escape sequence still on its way, so Bubble Tea waits 50 ms, often
// 100, before it takes it for the Esc key; Esc, the key that puts
// everything back and closes, was the slowest key the navigator had
// (BENCHMARKS.md). A read returns all the bytes the terminal has: tmux
// and terminals write a key's whole sequence at once, so a read of ESC
// alone is the Esc key: a sequence split right after its ESC would need
// the reader to wake between the bytes of one write.
func spellLoneEsc(b []byte, n int) int {
	if n != 1 || b[0] != 0x1b || len(b) < len(KittyEsc) {
		return n
	}
	return copy(b, KittyEsc)
}

// ttyWatch is eofWatch over a terminal, which Bubble Tea must still see
// as a file: it puts it in raw mode (term.File) and reads it through
// epoll so that it can cancel a read (cancelreader.File).
type ttyWatch struct {
	eofWatch
	f *os.File
}

func (w *ttyWatch) Write(b []byte) (int, error) { return w.f.Write(b) }
func (w *ttyWatch) Close() error                { return w.f.Close() }
func (w *ttyWatch) Fd() uintptr                 { return w.f.Fd() }
func (w *ttyWatch) Name() string                { return w.f.Name() }

// Watch wraps in so that closed is called when it ends, and a lone Esc
// is read as Esc at once (spellLoneEsc). Only a
// terminal stays a file to Bubble Tea: any other file (a pipe, /dev/null)
// is read as a plain reader, since epoll refuses /dev/null and regular
// files (Bubble Tea would fail to start) and nothing needs to cancel a
// read there once the program is done.
func Watch(in io.Reader, closed func()) io.Reader {
	if in == nil {
		return nil
	}
	if f, ok := in.(*os.File); ok && term.IsTerminal(f.Fd()) {
		return &ttyWatch{eofWatch: eofWatch{r: in, closed: closed}, f: f}
	}
	return &eofWatch{r: in, closed: closed}
}

// Raw puts in, when it is a terminal, in raw mode at once, ahead of
// Bubble Tea (which sets it raw again, and puts back what it found), and
// returns what puts the terminal back as it was: restore runs after the
// program has ended. ok is false, and nothing changed, when in is no
// terminal or refused.
func Raw(in io.Reader) (restore func(), ok bool) {
	f, isFile := in.(*os.File)
	if !isFile || !term.IsTerminal(f.Fd()) {
		return func() {}, false
	}
	was, err := term.MakeRaw(f.Fd())
	if err != nil {
		return func() {}, false
	}
	return func() { _ = term.Restore(f.Fd(), was) }, true
}
