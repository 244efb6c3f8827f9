// Package termout is the navigator's way to the terminal: a writer that
// rewrites what would crash the tmux server, and the first map painted
// before the renderer's first tick. It imports nothing of panemap.
package termout

import (
	"bytes"
	"io"
	"strconv"

	"github.com/charmbracelet/x/term"
)

// noECH rewrites the renderer's Erase Character sequences (ECH, CSI n X)
// as n spaces between a cursor save and restore, which draw the same.
//
// tmux crashes on ECH from a popup whose client is smaller than the
// popup (every version from 3.2a to master: screen_write_clearcharacter
// draws at once through tty_clear_pane_line, whose tty_clamp_line then
// computes a negative width and calls fatalx "x too big"). A popup stays
// its size when its client shrinks, and the navigator redraws whenever a
// pane changes, so a terminal made tiny while the map is open would take
// the whole server down. Spaces go through the ordinary cell path, which
// clips to what is visible.
type noECH struct {
	w       io.Writer
	pending []byte // the start of a sequence cut by the end of a write
}

func newNoECH(w io.Writer) *noECH { return &noECH{w: w} }

// Write rewrites p and writes it on; it reports len(p) when everything
// was written.
func (f *noECH) Write(p []byte) (int, error) {
	in := p
	if len(f.pending) > 0 {
		in = append(f.pending, p...)
		f.pending = nil
	}
	var out bytes.Buffer
	for len(in) > 0 {
		i := bytes.IndexByte(in, 0x1b)
		if i < 0 {
			out.Write(in)
			break
		}
		out.Write(in[:i])
		in = in[i:]
		n, count, complete := echAt(in)
		if !complete {
			f.pending = append([]byte(nil), in...)
			break
		}
		if n == 0 { // some other sequence: the ESC goes out as it is
			out.WriteByte(0x1b)
			in = in[1:]
			continue
		}
		out.WriteString("\x1b7")
		out.Write(bytes.Repeat([]byte{' '}, count))
		out.WriteString("\x1b8")
		in = in[n:]
	}
	if _, err := f.w.Write(out.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// maxECH bounds a rewritten count: no line is wider.
const maxECH = 10000

// echAt looks at the sequence starting at b[0] (an ESC). It answers with
// the ECH's length and count when it is one; n == 0 when it is not; and
// complete false when b ends before that can be told.
func echAt(b []byte) (n, count int, complete bool) {
	if len(b) < 2 {
		return 0, 0, false
	}
	if b[1] != '[' {
		return 0, 0, true
	}
	j := 2
	for j < len(b) && b[j] >= '0' && b[j] <= '9' && j < 8 {
		j++
	}
	if j == len(b) {
		return 0, 0, j >= 8 // digits up to the end: wait for the rest
	}
	if b[j] != 'X' {
		return 0, 0, true
	}
	count = 1 // ECH without a count (or 0) erases one
	if j > 2 {
		if c, err := strconv.Atoi(string(b[2:j])); err == nil && c > 0 {
			count = min(c, maxECH)
		}
	}
	return j + 1, count, true
}

// Safe wraps the program's output in noECH, keeping it a terminal for
// Bubble Tea (which reads its size and sets its modes through the file)
// when it is one.
func Safe(out io.Writer) io.Writer {
	f := newNoECH(out)
	if t, ok := out.(term.File); ok && term.IsTerminal(t.Fd()) {
		return &noECHFile{noECH: f, f: t}
	}
	return f
}

// noECHFile is noECH over a terminal.
type noECHFile struct {
	*noECH
	f term.File
}

func (t *noECHFile) Read(p []byte) (int, error) { return t.f.Read(p) }
func (t *noECHFile) Close() error               { return t.f.Close() }
func (t *noECHFile) Fd() uintptr                { return t.f.Fd() }
