package screen

import "unicode/utf8"

// maxSize bounds Parse's width and height to tmux's largest window
// (WINDOW_MAXIMUM in tmux.h), so that a bad size cannot overflow.
const maxSize = 10000

// Parse reads a capture of a pane width x height cells, as tmux's
// capture-pane -e -p writes it: lines separated by "\n", text with SGR
// sequences, SGR state carried from line to line (tmux writes only the
// changes).
//
// The capture is treated as hostile: the pane's program chose its bytes.
// Only the SGR state and printable text survive; every other escape
// sequence is dropped with its whole payload (OSC up to BEL or ST; DCS,
// SOS, PM and APC up to ST, tmux's "tmux;" passthrough with its doubled
// ESCs included; other CSI; other ESC sequences), and so is every control
// character but "\n" and "\t", C1 controls included whether raw bytes or
// UTF-8 encoded (an 8-bit CSI, OSC, DCS, SOS, PM or APC swallows its
// payload as the 7-bit one does, and an 8-bit SGR is dropped too, since
// tmux never writes one; a raw byte 0x80-0x9f that is not part of a UTF-8
// sequence is such a C1 control, as an 8-bit terminal would read it, not
// broken UTF-8). SO and SI, which tmux writes around
// line-drawing cells, switch the DEC Special Graphics set on and off: the
// cells become their Unicode box-drawing characters.
//
// No sequence outlives its line: a capture's "\n" is tmux's line break,
// never part of a sequence tmux wrote, so a broken sequence can hide the
// rest of its line but not the lines below.
//
// Broken UTF-8 becomes U+FFFD. A wide character takes two cells, the
// second with Text ""; one that would straddle the right edge becomes a
// space. Combining marks join the cell before them; one with nothing to
// join (at the start of a line, after a tab) is dropped, as tmux does.
// A tab advances to the next multiple of 8 with spaces. Lines are cut at
// width; lines past height are ignored; the Screen is padded with
// default-style blanks to exactly width x height.
func Parse(capture string, width, height int) *Screen {
	width, height = min(max(width, 0), maxSize), min(max(height, 0), maxSize)
	s := newScreen(width, height)
	p := parser{in: []byte(capture)}
	for _, cells := range s.Lines {
		p.line.reset(cells)
		p.parseLine() // at the end of the capture, nothing
		p.line.flush(true)
		p.line.pad()
	}
	return s
}

// parser walks a capture byte by byte.
type parser struct {
	in    []byte
	i     int
	style Style // SGR state
	acs   bool  // SO seen: DEC Special Graphics
	line  line
	rb    [utf8.UTFMax]byte
}

// Bytes that end or abort sequences.
const (
	bel = 0x07
	can = 0x18
	sub = 0x1a
	esc = 0x1b
)

// parseLine consumes one line, up to and including its "\n".
func (p *parser) parseLine() {
	for p.i < len(p.in) {
		c := p.in[p.i]
		switch {
		case c == '\n':
			p.i++
			return
		case c == '\t':
			p.i++
			p.line.tab(p.style)
		case c == esc:
			p.i++
			p.escape()
		case c == 0x0e: // SO
			p.i++
			p.acs = true
		case c == 0x0f: // SI
			p.i++
			p.acs = false
		case c < 0x20 || c == 0x7f:
			p.i++ // other C0 controls and DEL: dropped
		case c < utf8.RuneSelf:
			p.i++
			if p.acs && int(c) < len(acs) && acs[c] != "" {
				p.line.add([]byte(acs[c]), p.style)
			} else {
				p.line.add(p.in[p.i-1:p.i], p.style)
			}
		default:
			r, n := decodeRune(p.in[p.i:])
			if r >= 0x80 && r <= 0x9f {
				p.i += n
				p.c1(byte(r)) // a C1 control, UTF-8 encoded
				continue
			}
			if r == utf8.RuneError && n == 1 && c <= 0x9f {
				p.i++
				p.c1(c) // a C1 control as a raw byte
				continue
			}
			if r == utf8.RuneError {
				p.line.add(p.rb[:utf8.EncodeRune(p.rb[:], r)], p.style)
			} else {
				p.line.add(p.in[p.i:p.i+n], p.style)
			}
			p.i += n
		}
	}
}

// c1 handles the C1 control c (0x80-0x9f): the ones that open a sequence
// swallow it; the rest are dropped alone.
func (p *parser) c1(c byte) {
	switch c {
	case 0x9b: // CSI
		p.csi(false)
	case 0x9d: // OSC
		p.osc()
	case 0x90, 0x98, 0x9e, 0x9f: // DCS, SOS, PM, APC
		p.str()
	}
}

// escape handles what follows an ESC.
func (p *parser) escape() {
	if p.i >= len(p.in) {
		return
	}
	c := p.in[p.i]
	switch {
	case c == '[':
		p.i++
		p.csi(true)
	case c == ']':
		p.i++
		p.osc()
	case c == 'P' || c == 'X' || c == '^' || c == '_': // DCS, SOS, PM, APC
		p.i++
		p.str()
	case c >= 0x20 && c <= 0x2f:
		// ESC, intermediates, a final: charset designations (ESC ( B),
		// DECALN (ESC # 8) and the like.
		for p.i < len(p.in) && p.in[p.i] >= 0x20 && p.in[p.i] <= 0x2f {
			p.i++
		}
		if p.i < len(p.in) && p.in[p.i] >= 0x30 && p.in[p.i] <= 0x7e {
			p.i++
		}
	case c >= 0x30 && c <= 0x7e:
		p.i++ // ESC c (RIS), ESC 7, ESC =, ESC \ (a stray ST) and the like
	}
	// Anything else (a control, a non-ASCII byte) ends the sequence and
	// is read again as itself; an ESC starts a new one.
}

// csi consumes a control sequence after its introducer, and applies it if
// it is an SGR from a 7-bit introducer.
func (p *parser) csi(sevenBit bool) {
	start, inter := p.i, false
	for p.i < len(p.in) {
		c := p.in[p.i]
		switch {
		case c >= 0x30 && c <= 0x3f && !inter:
			p.i++
		case c >= 0x20 && c <= 0x2f:
			inter = true
			p.i++
		case c >= 0x40 && c <= 0x7e:
			p.i++
			if c == 'm' && sevenBit && !inter {
				p.sgr(p.in[start : p.i-1])
			}
			return
		case c == '\n' || c == esc || c == can || c == sub || c >= 0x80 || c >= 0x30 && c <= 0x3f:
			// Aborted: a parameter after an intermediate is malformed;
			// the rest is read again as itself.
			if c >= 0x30 && c <= 0x3f {
				p.skipCSI()
			}
			return
		default:
			p.i++ // other C0 controls and DEL inside a CSI: ignored
		}
	}
}

// skipCSI drops a malformed control sequence up to its final byte.
func (p *parser) skipCSI() {
	for p.i < len(p.in) {
		c := p.in[p.i]
		if c == '\n' || c == esc || c == can || c == sub || c >= 0x80 {
			return
		}
		p.i++
		if c >= 0x40 && c <= 0x7e {
			return
		}
	}
}

// osc drops an operating system command: titles, OSC 52 clipboard, OSC 8
// hyperlinks, colour queries and settings. As in tmux (input.c,
// input_state_osc_string), BEL or ESC ends it, ESC \ being the usual ST,
// and CAN or SUB aborts it.
func (p *parser) osc() {
	for p.i < len(p.in) {
		switch p.in[p.i] {
		case '\n':
			return
		case bel, can, sub:
			p.i++
			return
		case esc:
			if p.i+1 < len(p.in) && p.in[p.i+1] == '\\' {
				p.i += 2
				return
			}
			return // the ESC begins the next sequence: read it again
		}
		p.i++
	}
}

// str drops a DCS, SOS, PM or APC string. As in tmux (input.c,
// input_state_dcs_handler and input_state_dcs_escape), only ESC \ ends
// it: an ESC followed by anything else belongs to the payload, which is
// how tmux's passthrough ("ESC P tmux; ... ESC \") carries whole
// sequences with their ESCs doubled.
func (p *parser) str() {
	for p.i < len(p.in) {
		switch p.in[p.i] {
		case '\n':
			return
		case esc:
			if p.i+1 < len(p.in) && p.in[p.i+1] == '\\' {
				p.i += 2
				return
			}
			if p.i+1 < len(p.in) && p.in[p.i+1] != '\n' {
				p.i++ // the byte after the ESC is payload too
			}
		}
		p.i++
	}
}
