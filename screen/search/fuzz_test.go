package search

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzPanes reads panes from a fuzzer's string: '#' separates panes, ';'
// lines, and each pane's first line is its "title" field.
func fuzzPanes(s string, screen int) []Pane {
	var ps []Pane
	for i, t := range strings.SplitN(s, "#", 5) {
		l := strings.Split(t, ";")
		ps = append(ps, Pane{
			ID:     fmt.Sprint("%", i),
			Fields: []Field{{"title", l[0]}},
			Lines:  l[1:],
			Screen: screen % (len(l) + 1),
		})
	}
	return ps
}

// hit is one match without its offsets: which pane, field and line.
type hit struct {
	pane, field string
	line        int
	text        string
}

// naive finds what Find should, the slow obvious way: each field and line
// alone, with strings.Contains over folded text (folded by fold, which
// TestCanon checks against strings.EqualFold).
func naive(ps []Pane, q string) []hit {
	if q == "" {
		return nil
	}
	sensitive := hasUpper(q)
	contains := func(s string) bool {
		if sensitive {
			return strings.Contains(s, q)
		}
		fs, _ := fold(s)
		fq, _ := fold(q)
		return strings.Contains(fs, fq)
	}
	var hits []hit
	for _, p := range ps {
		for _, f := range p.Fields {
			if contains(f.Text) {
				hits = append(hits, hit{p.ID, f.Name, 0, f.Text})
			}
		}
		top := len(p.Lines) - min(max(p.Screen, 0), len(p.Lines)) // the screen's first line
		for i := len(p.Lines) - 1; i >= 0; i-- {
			if contains(p.Lines[i]) {
				hits = append(hits, hit{p.ID, "", i - top, p.Lines[i]})
			}
		}
	}
	return hits
}

// firstFold returns the first span of runes of s equal to q under
// strings.EqualFold, for valid UTF-8: a reference that does not use fold.
func firstFold(s, q string) (start, end int, ok bool) {
	n := utf8.RuneCountInString(q)
	for i := range s {
		j := i
		for k := 0; k < n && j < len(s); k++ {
			_, size := utf8.DecodeRuneInString(s[j:])
			j += size
		}
		if strings.EqualFold(s[i:j], q) {
			return i, j, true
		}
	}
	return 0, 0, false
}

func FuzzFind(f *testing.F) {
	f.Add("vim;Error here;error;ERROR", "error", 2)
	f.Add("t;ÉTÉ;été#u;日本語のテキスト;🚀 go", "été", 1)
	f.Add("\u212a;273 \u212a ok;İİ x#;;;a\xffb", "k o", 0)
	f.Add("STRA\u1e9eE;x\u1e9ey", "x\xc3", 3)
	f.Add("a;b\na;a\nb", "a\nb", 1)
	f.Add("#a;A#;a a", "A", 9)
	f.Fuzz(func(t *testing.T, s, q string, screen int) {
		if screen < 0 {
			screen = -screen
		}
		ps := fuzzPanes(s, max(screen, 0))
		x := New()
		for _, p := range ps {
			x.Set(p)
		}
		r := x.Find(q, 0)
		var got []hit
		panes := map[string]bool{}
		for _, m := range r.Matches {
			got = append(got, hit{m.Pane, m.Field, m.Line, m.Text})
			panes[m.Pane] = true
			checkSpan(t, m, q)
		}
		if want := naive(ps, q); !reflect.DeepEqual(got, want) {
			t.Fatalf("Find(%q) in %q:\n got %#v\nwant %#v", q, s, got, want)
		}
		if r.Panes != len(panes) || r.Truncated {
			t.Fatalf("Panes %d, Truncated %v; want %d, false", r.Panes, r.Truncated, len(panes))
		}
		if len(r.Matches) > 1 {
			short := x.Find(q, 1)
			if len(short.Matches) != 1 || !short.Truncated || short.Panes != r.Panes {
				t.Fatalf("max 1: %d matches, Truncated %v, Panes %d", len(short.Matches), short.Truncated, short.Panes)
			}
		}
	})
}

// checkSpan checks that a match's Start and End cover the query's first
// occurrence in its Text.
func checkSpan(t *testing.T, m Match, q string) {
	t.Helper()
	if m.Start < 0 || m.End <= m.Start || len(m.Text) < m.End {
		t.Fatalf("span [%d,%d) out of %q", m.Start, m.End, m.Text)
	}
	if hasUpper(q) {
		if i := strings.Index(m.Text, q); m.Start != i || m.End != i+len(q) {
			t.Fatalf("%q in %q: [%d,%d), want [%d,%d)", q, m.Text, m.Start, m.End, i, i+len(q))
		}
		return
	}
	if utf8.ValidString(m.Text) && utf8.ValidString(q) {
		if i, j, ok := firstFold(m.Text, q); !ok || m.Start != i || m.End != j {
			t.Fatalf("%q in %q: [%d,%d), want [%d,%d) (found %v)", q, m.Text, m.Start, m.End, i, j, ok)
		}
		return
	}
	// Invalid UTF-8: the span's folded form must cover the folded match.
	ft, _ := fold(m.Text)
	fq, _ := fold(q)
	i := strings.Index(ft, fq)
	before, _ := fold(m.Text[:m.Start])
	upto, _ := fold(m.Text[:m.End])
	if i < 0 || len(before) > i || len(upto) < i+len(fq) {
		t.Fatalf("%q in %q: [%d,%d) does not cover the folded match at %d", q, m.Text, m.Start, m.End, i)
	}
}

// TestIndex checks every way index looks for a query (its rare byte at
// each position of the query, each pair of positions) against
// strings.Index, from every offset, over texts long enough for the
// word-at-a-time loop and its tail.
func TestIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		text := randText(r, "abA\n", r.IntN(70))
		q := randText(r, "abA\n", 1+r.IntN(5))
		if r.IntN(2) == 0 && len(text) > 0 { // often a query the text holds
			i := r.IntN(len(text))
			q = text[i:min(len(text), i+1+r.IntN(5))]
		}
		b := newBody(text, nil)
		for from := 0; from <= len(text); from++ {
			want := strings.Index(text[from:], q)
			if want >= 0 {
				want += from
			}
			for ri := range len(q) {
				if got := b.index(q, from, ri, pair{}); got != want {
					t.Fatalf("index(%q in %q from %d, byte %d) = %d, want %d", q, text, from, ri, got, want)
				}
				for rj := ri + 1; rj < len(q); rj++ {
					if got := b.index(q, from, -1, pair{ri, rj}); got != want {
						t.Fatalf("index(%q in %q from %d, pair %d %d) = %d, want %d", q, text, from, ri, rj, got, want)
					}
				}
			}
		}
	}
}

// TestFindLong compares Find with naive over panes long enough for each
// way of scanning to be chosen: common and rare bytes, pairs, folding.
func TestFindLong(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alphabets := []string{"ab ", "abcdefghij ABC", strings.Repeat("a", 300) + "zZ\u212aé "}
	for range 200 {
		alpha := alphabets[r.IntN(len(alphabets))]
		var ps []Pane
		for i := range 1 + r.IntN(3) {
			lines := make([]string, r.IntN(60))
			for k := range lines {
				lines[k] = randText(r, alpha, r.IntN(90))
			}
			ps = append(ps, Pane{ID: fmt.Sprint(i), Lines: lines, Screen: r.IntN(len(lines) + 1)})
		}
		q := randText(r, alpha, 1+r.IntN(4))
		if l := ps[0].Lines; len(l) > 0 && len(l[0]) > 0 && r.IntN(2) == 0 {
			i := r.IntN(len(l[0]))
			q = l[0][i:min(len(l[0]), i+1+r.IntN(6))]
		}
		x := New()
		for _, p := range ps {
			x.Set(p)
		}
		var got []hit
		for _, m := range x.Find(q, 0).Matches {
			got = append(got, hit{m.Pane, m.Field, m.Line, m.Text})
			checkSpan(t, m, q)
		}
		if want := naive(ps, q); !reflect.DeepEqual(got, want) {
			t.Fatalf("Find(%q): %d matches, want %d", q, len(got), len(want))
		}
	}
}

// randText returns n runes drawn from alpha.
func randText(r *rand.Rand, alpha string, n int) string {
	runes := []rune(alpha)
	var b strings.Builder
	for range n {
		b.WriteRune(runes[r.IntN(len(runes))])
	}
	return b.String()
}
