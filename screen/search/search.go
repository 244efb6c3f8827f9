// Package search is the engine behind the navigator's find (`/`): as the
// person types, every keystroke matches every pane of the tmux server
// against the query, so a keystroke must cost little even over hundreds of
// panes with thousands of lines of history each.
//
// A query is a plain substring (no regular expression), matched with smart
// case: case-insensitive unless it holds an upper-case letter (see
// [Index.Find]).
//
// An [Index] prepares each pane's text once, when it is [Index.Set], so
// that a keystroke is at most one scan of a contiguous string per pane:
//
//   - the pane's lines, newest first, joined by '\n' into one string, with
//     where each line starts: a forward scan meets the most recent lines
//     first, the order matches are reported in, so it can stop once it has
//     enough, and a binary search names the line of a match;
//   - the same, case-folded, unless folding changes nothing;
//   - for each of the two, how often each byte occurs and which pairs of
//     adjacent bytes occur. A pane that lacks one of the query's bytes or
//     pairs is not scanned at all, which ends most of the scans a query
//     that is not there would cost. Otherwise the scan looks for the
//     query's rarest byte with strings.IndexByte (SIMD, as fast as memory
//     goes) when it is rare, or for its two rarest bytes together, eight
//     positions in a machine word at a time, when no byte is;
//   - the pane's fields (command, title, path, ...), each with its folded copy.
//
// Cost, measured by BenchmarkFindKeystroke on 200 panes of 2,000 lines of
// 40 to 120 bytes (34 MB of text): a keystroke costs from 10 µs (a query no
// pane can hold) to about 4 ms (one every pane might hold but none does,
// and every byte of it common: a full scan); Set of a 2,000-line pane
// about 0.6 ms.
//
// Memory: about twice the text (the text and its folded copy), 8 bytes a
// line (16 when folding changed some rune's length in UTF-8), 10 KiB for
// each of the two forms' byte counts and pairs, and the fields: 373 KB a
// pane, 75 MB for the benchmark's 200.
package search

import (
	"math"
	"strings"
	"sync"
)

// Pane is one pane's searchable text.
type Pane struct {
	ID     string  // tmux's pane id, "%12"
	Fields []Field // command, title, path, window name, session name
	// Lines is the pane's history then its screen, oldest first, as plain
	// text without escape sequences. It may be any bytes, even invalid
	// UTF-8. A line holding '\n' is one line still.
	Lines  []string
	Screen int // how many of the last Lines are the visible screen
	// Rows, when it has a number per line, is the row each line starts
	// on, counted as Match.Line counts: for lines that are several rows
	// joined (a line tmux wrapped at the pane's edge). nil: each line is
	// one row.
	Rows []int
}

// Field is one of a pane's searchable attributes: Name says which
// ("title", "path", ...), and is what a [Match] on it reports.
type Field struct{ Name, Text string }

// Match is one line or field that holds the query.
type Match struct {
	Pane  string // the pane's ID
	Field string // "" for a line of the pane's text, else the field's Name
	// Line counts a text match's line from the top of the visible screen:
	// 0 is the screen's first line, -1 the history line just above it,
	// more negative older history. It is 0 for a field.
	Line int
	Text string // the whole line or field, as Set
	// Start and End are the byte offsets in Text of the query's first
	// occurrence, to highlight. When folding changed lengths they cover
	// the whole runes that the folded match touched.
	Start, End int
}

// Result is what [Index.Find] found.
type Result struct {
	// Matches are ordered by pane, in the order panes were first Set;
	// within a pane its fields first, in its Fields' order, then its lines
	// from the screen's bottom up, then the history newest first: the most
	// recent text first. A line or field holding the query several times
	// is one match.
	Matches   []Match
	Panes     int  // panes with at least one match, counted in full even when Truncated
	Truncated bool // there were more matches than the max Find was given
}

// Index holds the panes to search. It is safe for concurrent use by any
// number of goroutines: the panes it holds are never changed once built,
// Set swaps in a new list of them (copy on write), and Find
// scans the list it found when it started, so a long Find never holds up
// a live preview's Set, and sees every pane whole, old or new.
type Index struct {
	mu    sync.Mutex
	panes []*pane // in the order of first Set; never written, only replaced
}

// New returns an empty Index.
func New() *Index { return &Index{} }

// Set adds the pane p, or replaces the text of the pane with p's ID while
// keeping its place in the order. Set keeps nothing of p's slices. It
// costs a copy and a case-folding of p's text, done before taking the
// Index's lock.
func (x *Index) Set(p Pane) {
	n := build(p)
	x.mu.Lock()
	defer x.mu.Unlock()
	panes := make([]*pane, len(x.panes), len(x.panes)+1)
	copy(panes, x.panes)
	if i := x.at(p.ID); i >= 0 {
		panes[i] = n
	} else {
		panes = append(panes, n)
	}
	x.panes = panes
}

// at returns the position of the pane with that ID, or -1. A linear scan:
// a server has hundreds of panes at most, and Set copies the list anyway.
func (x *Index) at(id string) int {
	for i, p := range x.panes {
		if p.id == id {
			return i
		}
	}
	return -1
}

// Len returns how many panes the Index holds.
func (x *Index) Len() int {
	x.mu.Lock()
	defer x.mu.Unlock()
	return len(x.panes)
}

// Find returns the lines and fields of every pane that hold query, at most
// max of them (no limit when max <= 0). Once it has max matches Find stops
// collecting, but still looks in every pane for whether it holds one, so
// Result.Panes is exact; that costs at most one scan per pane.
//
// The query is a plain substring, spaces included: " foo" and "foo " are
// not "foo", the caller trims if it wants to. The empty query matches
// nothing. A query with an upper-case letter matches case-sensitively,
// byte for byte. Any other matches whatever it equals under Unicode simple
// case folding (strings.EqualFold's rule): 'é' finds "É", "ete" does not
// find "été", 'ß' does not find "ss", and Turkish 'İ' and 'ı' match only
// themselves. A byte that is not UTF-8 matches itself (in the folded text,
// when folding).
//
// Find works on the panes as they were when it started: a Set while it
// runs shows in the next Find.
func (x *Index) Find(query string, max int) Result {
	if query == "" {
		return Result{}
	}
	x.mu.Lock()
	panes := x.panes
	x.mu.Unlock()

	sensitive := hasUpper(query)
	q := query
	if !sensitive {
		q, _ = fold(query)
	}
	if max <= 0 {
		max = math.MaxInt
	}
	var r Result
	for _, p := range panes {
		var found bool
		if r.Truncated {
			found = p.has(q, sensitive)
		} else {
			found = p.find(q, sensitive, max, &r)
		}
		if found {
			r.Panes++
		}
	}
	return r
}

// pane is one pane's text prepared for search. It is never changed once
// built, which is what lets Find read it without a lock.
type pane struct {
	id     string
	fields []field
	screen int
	rows   []int // Pane.Rows, or nil

	// orig holds the pane's lines as Set, folded the same lines folded:
	// the same body when folding changes nothing.
	orig, folded *body
	aligned      bool // every offset in folded is the same offset in orig
}

type field struct {
	name, text, ftext string
	aligned           bool
}

func build(p Pane) *pane {
	n := &pane{id: p.ID, screen: min(max(p.Screen, 0), len(p.Lines))}
	if len(p.Rows) == len(p.Lines) && len(p.Rows) > 0 {
		n.rows = p.Rows
	}
	for _, f := range p.Fields {
		ff, aligned := fold(f.Text)
		n.fields = append(n.fields, field{name: f.Name, text: f.Text, ftext: ff, aligned: aligned})
	}

	// Join the lines, newest first, and fold them one at a time: a line
	// is small, where a fold of the joined text would cost a buffer as
	// large as it, and a copy.
	size := len(p.Lines) // the separators, and one more
	for _, l := range p.Lines {
		size += len(l)
	}
	var text, ftext strings.Builder
	text.Grow(size)
	starts, fstarts := make([]int, len(p.Lines)), make([]int, len(p.Lines))
	var line []byte  // a folded line
	changed := false // ftext holds the folded text so far, which differs
	n.aligned = true
	for k := range starts {
		if k > 0 {
			text.WriteByte('\n')
			if changed {
				ftext.WriteByte('\n')
			}
		}
		l := p.Lines[len(p.Lines)-1-k]
		starts[k] = text.Len()
		fstarts[k] = starts[k] // unless a folded line before was shorter
		if changed {
			fstarts[k] = ftext.Len()
		}
		text.WriteString(l)
		var ch, al bool
		line, ch, al = foldAppend(line[:0], l)
		n.aligned = n.aligned && al
		if ch && !changed {
			changed = true // the folded text begins to differ here
			ftext.Grow(size)
			ftext.WriteString(text.String()[:starts[k]])
		}
		if changed {
			ftext.Write(line)
		}
	}
	n.orig = newBody(text.String(), starts)
	n.folded = n.orig
	if changed {
		if n.aligned {
			fstarts = starts
		}
		n.folded = newBody(ftext.String(), fstarts)
	}
	return n
}

// find appends to r the pane's matches of q (already folded unless
// sensitive), up to max in all, setting r.Truncated when there is one
// more. It reports whether the pane holds q at all.
func (p *pane) find(q string, sensitive bool, max int, r *Result) (found bool) {
	add := func(m Match) bool {
		found = true
		if len(r.Matches) >= max {
			r.Truncated = true
			return false
		}
		m.Pane = p.id
		r.Matches = append(r.Matches, m)
		return true
	}
	for _, f := range p.fields {
		t := f.ftext
		if sensitive {
			t = f.text
		}
		i := strings.Index(t, q)
		if i < 0 {
			continue
		}
		start, end := i, i+len(q)
		if !sensitive && !f.aligned {
			start, end = origSpan(f.text, start, end)
		}
		if !add(Match{Field: f.name, Text: f.text, Start: start, End: end}) {
			return true
		}
	}
	b := p.folded
	if sensitive {
		b = p.orig
	}
	for k, i := range b.lines(q) {
		text := p.orig.line(k)
		start, end := i, i+len(q)
		if !sensitive && !p.aligned {
			start, end = origSpan(text, start, end)
		}
		line := p.screen - 1 - k
		if p.rows != nil {
			line = p.rows[len(p.rows)-1-k]
		}
		if !add(Match{Line: line, Text: text, Start: start, End: end}) {
			return true
		}
	}
	return found
}

// has reports whether the pane holds q anywhere.
func (p *pane) has(q string, sensitive bool) bool {
	b := p.folded
	if sensitive {
		b = p.orig
	}
	for _, f := range p.fields {
		t := f.ftext
		if sensitive {
			t = f.text
		}
		if strings.Contains(t, q) {
			return true
		}
	}
	for range b.lines(q) {
		return true
	}
	return false
}
