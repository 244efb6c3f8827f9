package search

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"
)

// show renders a match as "pane where text" with the highlighted span in
// brackets, where is the field's name or the line number.
func show(m Match) string {
	where := m.Field
	if where == "" {
		where = strconv.Itoa(m.Line)
	}
	return fmt.Sprintf("%s %s %s[%s]%s", m.Pane, where, m.Text[:m.Start], m.Text[m.Start:m.End], m.Text[m.End:])
}

func showAll(ms []Match) []string {
	var s []string
	for _, m := range ms {
		s = append(s, show(m))
	}
	return s
}

// lines makes a pane whose whole text is its screen.
func lines(id string, l ...string) Pane { return Pane{ID: id, Lines: l, Screen: len(l)} }

func TestFind(t *testing.T) {
	t.Parallel()
	kelvin, longS, capSharpS := "\u212a", "\u017f", "\u1e9e"
	tests := []struct {
		name  string
		panes []Pane
		query string
		want  []string
	}{
		{"lower query matches any case", []Pane{lines("%1", "Error here", "error", "ERROR", "none")},
			"error", []string{"%1 2 [ERROR]", "%1 1 [error]", "%1 0 [Error] here"}},
		{"capital makes it case-sensitive", []Pane{lines("%1", "Error here", "error", "ERROR")},
			"Error", []string{"%1 0 [Error] here"}},
		{"folded accents", []Pane{lines("%1", "ÉTÉ chaud", "un été", "ete")},
			"été", []string{"%1 1 un [été]", "%1 0 [ÉTÉ] chaud"}},
		{"accented capitals are exact", []Pane{lines("%1", "ÉTÉ chaud", "un été")},
			"ÉTÉ", []string{"%1 0 [ÉTÉ] chaud"}},
		{"no accent stripping", []Pane{lines("%1", "un été")}, "ete", nil},
		{"sigma forms", []Pane{lines("%1", "ΟΔΟΣ", "οδος", "οδοσ")},
			"οδος", []string{"%1 2 [οδοσ]", "%1 1 [οδος]", "%1 0 [ΟΔΟΣ]"}},
		{"wide characters", []Pane{lines("%1", "日本語のテキスト", "ｔｅｘｔ")},
			"テキ", []string{"%1 0 日本語の[テキ]スト"}},
		{"fullwidth letters fold", []Pane{lines("%1", "ＴＥＸＴ")},
			"ｔｅ", []string{"%1 0 [ＴＥ]ＸＴ"}},
		{"emoji", []Pane{lines("%1", "deploy 🚀 done", "🚀")},
			"🚀 d", []string{"%1 0 deploy [🚀 d]one"}},
		{"Kelvin sign (3 bytes) folds to k (1)", []Pane{lines("%1", "273 "+kelvin+" ok")},
			"k o", []string{"%1 0 273 [" + kelvin + " o]k"}},
		{"offsets after a shrunk rune", []Pane{lines("%1", "İİ "+kelvin+" x", "x")},
			"x", []string{"%1 1 [x]", "%1 0 İİ " + kelvin + " [x]"}},
		{"long s", []Pane{lines("%1", longS+"treet")},
			"st", []string{"%1 0 [" + longS + "t]reet"}},
		{"capital sharp s (3 bytes) folds to ß (2)", []Pane{lines("%1", "STRA"+capSharpS+"E", "straße", "STRASSE")},
			"aße", []string{"%1 1 str[aße]", "%1 0 STR[A" + capSharpS + "E]"}},
		{"ß is not ss", []Pane{lines("%1", "STRASSE")}, "straße", nil},
		{"dotted capital I is only itself", []Pane{lines("%1", "İstanbul", "istanbul")},
			"stanbul", []string{"%1 1 i[stanbul]", "%1 0 İ[stanbul]"}},
		{"i does not find İ", []Pane{lines("%1", "İstanbul")}, "istanbul", nil},
		{"invalid UTF-8 around a match", []Pane{lines("%1", "ab\xffcd\xc3", "\xe2\x82")},
			"cd", []string{"%1 0 ab\xff[cd]\xc3"}},
		{"invalid UTF-8 matched bytewise", []Pane{lines("%1", "ab\xffcd\xc3", "\xe2\x82", "\xfe")},
			"b\xffc", []string{"%1 0 a[b\xffc]d\xc3"}},
		{"truncated rune", []Pane{lines("%1", "AB\xe2\x82")},
			"b\xe2", []string{"%1 0 A[B\xe2]\x82"}},
		{"query ending inside a folded rune", []Pane{lines("%1", "X"+capSharpS+"Y")},
			"x\xc3", []string{"%1 0 [X" + capSharpS + "]Y"}},
		{"first occurrence in a line", []Pane{lines("%1", "ABCabc")},
			"bc", []string{"%1 0 A[BC]abc"}},
		{"spaces are part of the query", []Pane{lines("%1", "foo bar", "foobar", "foo")},
			"foo ", []string{"%1 0 [foo ]bar"}},
		{"a lone space", []Pane{lines("%1", "a b", "ab")}, " ", []string{"%1 0 a[ ]b"}},
		{"newline query stays in a line", []Pane{lines("%1", "a", "b", "x\ny")},
			"b\na", nil},
		{"newline query inside a line", []Pane{lines("%1", "a", "x\nY", "x\ny")},
			"x\ny", []string{"%1 2 [x\ny]", "%1 1 [x\nY]"}},
		{"query longer than a text holding its pairs", []Pane{lines("%1", "aba")}, "ababa", nil},
		{"empty lines and panes", []Pane{lines("%1"), lines("%2", "", "", "a", "")},
			"a", []string{"%2 2 [a]"}},
		{"fields first, in order, then lines", []Pane{{
			ID: "%3",
			Fields: []Field{
				{"command", "vim"}, {"title", "Editing README"},
				{"path", "/home/u/readme"}, {"window", "Readme"},
			},
			Lines: []string{"readme line"}, Screen: 1,
		}}, "readme", []string{
			"%3 title Editing [README]", "%3 path /home/u/[readme]",
			"%3 window [Readme]", "%3 0 [readme] line",
		}},
		{"field with a shrunk rune", []Pane{{ID: "%1", Fields: []Field{{"title", kelvin + "elvin"}}}},
			"kel", []string{"%1 title [" + kelvin + "el]vin"}},
		{"panes in order", []Pane{lines("%2", "x"), lines("%1", "y"), lines("%9", "x")},
			"x", []string{"%2 0 [x]", "%9 0 [x]"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x := New()
			for _, p := range tc.panes {
				x.Set(p)
			}
			r := x.Find(tc.query, 0)
			if got := showAll(r.Matches); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Find(%q) =\n%q\nwant\n%q", tc.query, got, tc.want)
			}
			if r.Truncated {
				t.Errorf("Truncated without a max")
			}
		})
	}
}

func TestLineNumbers(t *testing.T) {
	t.Parallel()
	all := []string{"x h1", "x h2", "x s1", "x s2", "x s3"}
	tests := []struct {
		screen int
		want   []int
	}{
		{3, []int{2, 1, 0, -1, -2}},
		{0, []int{-1, -2, -3, -4, -5}},
		{5, []int{4, 3, 2, 1, 0}},
		{9, []int{4, 3, 2, 1, 0}},       // more than the lines: all screen
		{-1, []int{-1, -2, -3, -4, -5}}, // negative: all history
	}
	for _, tc := range tests {
		x := New()
		x.Set(Pane{ID: "%1", Lines: all, Screen: tc.screen})
		var got []int
		var texts []string
		for _, m := range x.Find("x", 0).Matches {
			got = append(got, m.Line)
			texts = append(texts, m.Text)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Screen %d: lines %v, want %v", tc.screen, got, tc.want)
		}
		if want := []string{"x s3", "x s2", "x s1", "x h2", "x h1"}; !reflect.DeepEqual(texts, want) {
			t.Errorf("Screen %d: order %q, want %q (most recent first)", tc.screen, texts, want)
		}
	}
}

func TestMax(t *testing.T) {
	t.Parallel()
	x := New()
	x.Set(Pane{ID: "%1", Fields: []Field{{"title", "a"}}, Lines: []string{"a1", "b"}, Screen: 2})
	x.Set(lines("%2", "a2", "a3"))
	x.Set(lines("%3", "b"))
	x.Set(lines("%4", "a4"))
	tests := []struct {
		max       int
		matches   int
		truncated bool
	}{
		{0, 5, false}, {-1, 5, false}, {1, 1, true}, {2, 2, true},
		{3, 3, true}, {4, 4, true}, {5, 5, false}, {6, 5, false},
	}
	for _, tc := range tests {
		r := x.Find("a", tc.max)
		if len(r.Matches) != tc.matches || r.Truncated != tc.truncated || r.Panes != 3 {
			t.Errorf("max %d: %d matches, truncated %v, %d panes; want %d, %v, 3",
				tc.max, len(r.Matches), r.Truncated, r.Panes, tc.matches, tc.truncated)
		}
		full := showAll(x.Find("a", 0).Matches)
		if got := showAll(r.Matches); !reflect.DeepEqual(got, full[:len(got)]) {
			t.Errorf("max %d: %q is not the start of %q", tc.max, got, full)
		}
	}
}

func TestEmptyQuery(t *testing.T) {
	t.Parallel()
	x := New()
	x.Set(lines("%1", "", "a"))
	if r := x.Find("", 0); !reflect.DeepEqual(r, Result{}) {
		t.Errorf("Find(\"\") = %+v, want nothing", r)
	}
	if r := New().Find("a", 0); !reflect.DeepEqual(r, Result{}) {
		t.Errorf("empty Index: %+v, want nothing", r)
	}
}

func TestSet(t *testing.T) {
	t.Parallel()
	x := New()
	x.Set(lines("%1", "a one"))
	x.Set(lines("%2", "a two"))
	x.Set(lines("%3", "a three"))
	x.Set(lines("%2", "a new", "a newer"))
	if got, want := showAll(x.Find("a", 0).Matches),
		[]string{"%1 0 [a] one", "%2 1 [a] newer", "%2 0 [a] new", "%3 0 [a] three"}; !reflect.DeepEqual(got, want) {
		t.Errorf("after replacing %%2: %q, want %q", got, want)
	}
	if x.Len() != 3 {
		t.Errorf("Len() = %d, want 3", x.Len())
	}
}

// TestConcurrent runs Finds while a writer replaces panes: each Find must
// see every pane whole, either before or after a Set.
func TestConcurrent(t *testing.T) {
	t.Parallel()
	const panes, n = 8, 50
	text := func(word string) []string {
		l := make([]string, n)
		for i := range l {
			l[i] = fmt.Sprintf("%s line %d", word, i)
		}
		return l
	}
	old, nw := text("old"), text("new")
	x := New()
	for i := range panes {
		x.Set(Pane{ID: fmt.Sprint(i), Lines: old})
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			l := old
			if i%2 == 0 {
				l = nw
			}
			x.Set(Pane{ID: fmt.Sprint(i % panes), Lines: l})
		}
	}()
	for g := 0; g < 2; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				r := x.Find("old", 0)
				per := map[string]int{}
				for _, m := range r.Matches {
					per[m.Pane]++
				}
				for id, c := range per {
					if c != n {
						t.Errorf("pane %s: %d of %d lines: seen half replaced", id, c, n)
						return
					}
				}
				if len(per) != r.Panes {
					t.Errorf("Panes %d, want %d", r.Panes, len(per))
				}
			}
		}()
	}
	for range 200 {
		x.Len()
	}
	close(stop)
	wg.Wait()
}

func TestHasUpper(t *testing.T) {
	t.Parallel()
	for q, want := range map[string]bool{
		"abc": false, "aBc": true, "été": false, "Été": true, "日本": false,
		"ǅ": true, "\u212a": true, "ß": false, "1-2 ": false, "\xff": false, "İ": true,
	} {
		if got := hasUpper(q); got != want {
			t.Errorf("hasUpper(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestCanon checks, over every rune, that folding is strings.EqualFold's
// equivalence and that the ASCII table agrees with it.
func TestCanon(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("walks every rune")
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		c := canon(r)
		if !strings.EqualFold(string(r), string(c)) {
			t.Fatalf("canon(%U) = %U, not equal under folding", r, c)
		}
		if f := unicode.SimpleFold(r); canon(f) != c {
			t.Fatalf("canon(%U) = %U but canon(%U) = %U", r, c, f, canon(f))
		}
		if 'A' <= c && c <= 'Z' {
			t.Fatalf("canon(%U) = %q, an ASCII capital", r, c)
		}
	}
}

// TestRowsNumberJoinedLines: with Rows, a match's line is the row its
// line starts on; without, each line is a row.
func TestRowsNumberJoinedLines(t *testing.T) {
	t.Parallel()
	x := New()
	x.Set(Pane{ID: "%1", Lines: []string{"old", "a long line wrapped twice", "prompt"}, Screen: 2, Rows: []int{-1, 0, 3}})
	x.Set(Pane{ID: "%2", Lines: []string{"old", "long", "prompt"}, Screen: 2, Rows: []int{1}}) // wrong length: ignored
	got := map[string]int{}
	for _, q := range []string{"old", "long", "prompt"} {
		for _, m := range x.Find(q, 10).Matches {
			got[m.Pane+" "+q] = m.Line
		}
	}
	want := map[string]int{"%1 old": -1, "%1 long": 0, "%1 prompt": 3, "%2 old": -1, "%2 long": 0, "%2 prompt": 1}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s at line %d, want %d (all: %v)", k, got[k], v, got)
		}
	}
}
