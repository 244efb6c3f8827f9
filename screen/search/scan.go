package search

import (
	"iter"
	"math/bits"
	"strings"
)

// body is one form of a pane's text, as Set or folded, laid out for
// scanning: the lines newest first, each but the last followed by '\n',
// in one string; where each begins; and how often each byte occurs.
type body struct {
	text   string
	starts []int // starts[k] is where line k begins; line 0 is the newest
	// count[c] is how many times byte c occurs in text. It lets a pane
	// that lacks one of a query's bytes answer without a scan, and a scan
	// look for the query's rarest byte rather than its first: what a
	// query misses is usually the whole scan of every pane, and most of
	// its cost.
	count [256]int
	// pairs has bit c1<<8|c2 set when text holds byte c1 followed by c2.
	// A pane without one of a query's pairs lacks the query: that ends
	// most scans of panes that lack it, 8 KiB a form of a pane well spent.
	pairs [1 << 16 / 64]uint64
}

func newBody(text string, starts []int) *body {
	b := &body{text: text, starts: starts}
	if len(text) == 0 {
		return b
	}
	prev := text[0]
	b.count[prev]++
	for _, c := range []byte(text[1:]) {
		b.count[c]++
		p := uint16(prev)<<8 | uint16(c)
		b.pairs[p/64] |= 1 << (p % 64)
		prev = c
	}
	return b
}

// lacks reports whether the text lacks one of q's bytes or pairs of
// bytes, and so q; false means it may hold q.
func (b *body) lacks(q string) bool {
	if b.count[q[0]] == 0 {
		return true
	}
	for i := 1; i < len(q); i++ {
		if p := uint(q[i-1])<<8 | uint(q[i]); b.pairs[p/64]&(1<<(p%64)) == 0 {
			return true
		}
	}
	return false
}

// line returns line k.
func (b *body) line(k int) string {
	if k+1 < len(b.starts) {
		return b.text[b.starts[k] : b.starts[k+1]-1]
	}
	return b.text[b.starts[k]:]
}

// rareBelow is how rare, in bytes of text per occurrence, a query's rarest
// byte must be for a scan to look for it alone with strings.IndexByte
// (memchr, as fast as memory), each occurrence costing a call and a
// comparison. Commoner, a scan looks for the pair of q's two rarest bytes
// eight positions at a time, in a machine word. (strings.Index is no help
// there: past its first byte's occurrences it compares position by
// position, at 20 ms a keystroke over 200 panes for a query like "nil
// handler:" whose bytes are all common.)
const rareBelow = 256

// lines yields each line k that holds q, newest first, with the offset in
// the line of q's first occurrence.
func (b *body) lines(q string) iter.Seq2[int, int] {
	return func(yield func(k, i int) bool) {
		if b.lacks(q) {
			return
		}
		if strings.IndexByte(q, '\n') >= 0 {
			// The separators would fake matches across lines: look in
			// each line alone. Slow, but no one types a newline.
			for k := range b.starts {
				if i := strings.Index(b.line(k), q); i >= 0 && !yield(k, i) {
					return
				}
			}
			return
		}
		ri := 0 // q[ri] is q's rarest byte in text
		for i := 1; i < len(q); i++ {
			if b.count[q[i]] < b.count[q[ri]] {
				ri = i
			}
		}
		var pr pair
		if len(q) > 1 && b.count[q[ri]]*rareBelow > len(b.text) {
			pr = b.pairOf(q, ri)
			ri = -1
		}
		// Without a '\n' in q, no match spans a separator: one scan from
		// the start of the line after the last match finds the next line
		// that holds q, and where in it q first occurs.
		for k := 0; k < len(b.starts); k++ {
			at := b.index(q, b.starts[k], ri, pr)
			if at < 0 {
				return
			}
			k = lineAt(b.starts, k, at)
			if !yield(k, at-b.starts[k]) {
				return
			}
		}
	}
}

// index returns the offset in text of q's first occurrence at or after
// from, or -1. It looks for q[ri], or with ri < 0 for the pair pr.
func (b *body) index(q string, from, ri int, pr pair) int {
	if len(b.text)-from < len(q) {
		return -1
	}
	if ri < 0 {
		return b.indexPair(q, from, pr)
	}
	c := q[ri]
	for pos := from + ri; pos < len(b.text); {
		j := strings.IndexByte(b.text[pos:], c)
		if j < 0 {
			return -1
		}
		at := pos + j - ri
		if at+len(q) <= len(b.text) && b.text[at:at+len(q)] == q {
			return at
		}
		pos += j + 1
	}
	return -1
}

// pair is two positions in a query, p1 < p2, of its two rarest bytes.
type pair struct{ p1, p2 int }

// pairOf returns the positions in q (len(q) > 1) of its rarest byte, at
// ri, and its next rarest.
func (b *body) pairOf(q string, ri int) pair {
	rj := -1
	for i := range len(q) {
		if i != ri && (rj < 0 || b.count[q[i]] < b.count[q[rj]]) {
			rj = i
		}
	}
	return pair{min(ri, rj), max(ri, rj)}
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// load returns the 8 bytes of s at i as a little-endian word: the
// compiler makes it one load.
func load(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// zeros returns the high bit of each byte of x that is zero, and maybe of
// some bytes above one that is (a borrow runs on): a filter for
// candidates, which are compared with the query anyway.
func zeros(x uint64) uint64 { return (x - ones) &^ x & highs }

// indexPair is index looking for the pair of bytes q[pr.p1] and q[pr.p2]
// at their distance, 16 starts at a time: a byte of
// (word at p1 ^ c1) | (word at p2 ^ c2) is zero where both are.
func (b *body) indexPair(q string, from int, pr pair) int {
	t := b.text
	v1, v2 := ones*uint64(q[pr.p1]), ones*uint64(q[pr.p2])
	t1, t2 := t[pr.p1:], t[pr.p2:] // t1[s] is t[s+p1]
	s := from
	for end := len(t2) - 16; s <= end; s += 16 {
		w1, w2 := t1[s:s+16], t2[s:s+16] // one bounds check each, for four loads
		lo := zeros((load(w1, 0) ^ v1) | (load(w2, 0) ^ v2))
		hi := zeros((load(w1, 8) ^ v1) | (load(w2, 8) ^ v2))
		if lo|hi != 0 {
			if c := b.verify(q, s, lo, hi); c >= 0 {
				return c
			}
		}
	}
	for last := len(t) - len(q); s <= last; s++ {
		if t[s:s+len(q)] == q {
			return s
		}
	}
	return -1
}

// verify returns the first candidate start of q that holds it, among s+k
// for the bytes k flagged in lo (0 to 7) and hi (8 to 15), or -1.
func (b *body) verify(q string, s int, lo, hi uint64) int {
	t, last := b.text, len(b.text)-len(q)
	for ; lo != 0; lo &= lo - 1 {
		if c := s + bits.TrailingZeros64(lo)>>3; c <= last && t[c:c+len(q)] == q {
			return c
		}
	}
	for ; hi != 0; hi &= hi - 1 {
		if c := s + 8 + bits.TrailingZeros64(hi)>>3; c <= last && t[c:c+len(q)] == q {
			return c
		}
	}
	return -1
}

// lineAt returns the line that holds offset at, from line k on: the last
// line whose start is at or before it.
func lineAt(starts []int, k, at int) int {
	lo, hi := k, len(starts) // starts[lo] <= at < starts[hi], hi = len meaning the end
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if starts[m] <= at {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}
