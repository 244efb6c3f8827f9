package panetext_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/screen/search"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

func TestWrappedRows(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		rows   []string
		joined []string
		want   []bool
	}{
		{"nothing wrapped", []string{"a", "b", ""}, []string{"a", "b", ""}, []bool{false, false, false}},
		{"a word split at the edge", []string{"abcdSPL", "IT end", ""}, []string{"abcdSPLIT end", ""}, []bool{true, false, false}},
		{"three rows, the first ending in a space", []string{"abc", "defghij", "k"}, []string{"abc    defghijk"}, []bool{true, true, false}},
		{"a full row that did not wrap", []string{"abcdefg", "next"}, []string{"abcdefg", "next"}, []bool{false, false}},
		{"not asked for", []string{"a"}, nil, nil},
		{"the pane printed in between", []string{"a", "b"}, []string{"a", "c"}, nil},
		{"fewer rows than joined lines", []string{"a"}, []string{"a", "b"}, nil},
		{"more rows than joined lines", []string{"a", "b"}, []string{"a"}, nil},
		{"joined text longer than the rows", []string{"abcdefg", "h"}, []string{"abcdefghi"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := panetext.WrappedRows(tt.rows, 7, tt.joined); !slices.Equal(got, tt.want) {
				t.Errorf("wrappedRows = %v, want %v", got, tt.want)
			}
		})
	}
}

// wrappingPane has a new window's pane print, after a line of its own, a
// line whose word SPLITWORD straddles the pane's right edge, then wait
// (cat). It returns the pane, the line and the pane's width.
func wrappingPane(t *testing.T, srv *tmuxtest.Server) (tmux.PaneID, string, int) {
	t.Helper()
	// The window's size differs between versions (3.2a makes it 80x24
	// when a control client is attached): read it, then print.
	p := tmux.PaneID(srv.Must("new-window", "-d", "-P", "-F", "#{pane_id}", "exec cat"))
	width, err := strconv.Atoi(srv.Display(string(p), "#{pane_width}"))
	if err != nil {
		t.Fatal(err)
	}
	srv.Must("respawn-pane", "-k", "-t", string(p),
		fmt.Sprintf(`printf 'before\n%%0%ddSPLIT%%s %%063d\n' 0 WORD 0; exec cat`, width-4))
	tmuxtest.Eventually(t, 20*time.Second, func() bool {
		return strings.Contains(srv.Must("capture-pane", "-p", "-J", "-t", string(p)), "SPLITWORD")
	}, "%s to print", p)
	if w := srv.Display(string(p), "#{pane_width}"); w != strconv.Itoa(width) {
		t.Fatalf("pane %s is %s wide, want %d", p, w, width)
	}
	return p, strings.Repeat("0", width-4) + "SPLITWORD " + strings.Repeat("0", 63), width
}

// TestWrappedLines: search and wait match a line tmux wrapped at the
// pane's edge as the program printed it, and report it whole, at the
// number of the row it starts on; capture still answers rows.
func TestWrappedLines(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		r := panetext.New(c)
		p, line, width := wrappingPane(t, srv)
		re := regexp.MustCompile(`SPLITWORD`)
		l, err := c.List(t.Context(), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		f, err := r.Search(t.Context(), l, re, 1000, 200)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range f.Matches {
			got = append(got, fmt.Sprintf("%s %d %s", m.Pane, m.Line, m.Text))
		}
		if want := fmt.Sprintf("%s 1 %s", p, line); len(got) != 1 || got[0] != want {
			t.Errorf("search found %q, want [%q]", got, want)
		}
		w, err := r.Wait(t.Context(), p, regexp.MustCompile(`0SPLITWORD 0`), 5*time.Second, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !w.Matched || w.Line != 1 || w.Text != line {
			t.Errorf("wait: matched %v at %d: %q", w.Matched, w.Line, w.Text)
		}
		s, err := r.Capture(t.Context(), p, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.Lines[1] != line[:width] || s.Lines[2] != line[width:] {
			t.Errorf("capture's rows 1 and 2: %q %q", s.Lines[1], s.Lines[2])
		}
	})
}

// TestFindWrappedLine: find matches a line tmux wrapped as one line, and
// places the match at the row it starts on.
func TestFindWrappedLine(t *testing.T) {
	t.Parallel()
	clienttest.ForEachTransport(t, func(t *testing.T, srv *tmuxtest.Server, c *tmuxctl.Client) {
		r := panetext.New(c)
		p, line, _ := wrappingPane(t, srv)
		l, err := c.List(t.Context(), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.FindText(t.Context(), l.Windows, []tmux.PaneID{p})
		if err != nil || len(got) != 1 {
			t.Fatalf("FindText: %v, %d panes", err, len(got))
		}
		x := search.New()
		x.Set(got[0])
		res := x.Find("SPLITWORD", 10)
		var found []string
		for _, m := range res.Matches {
			found = append(found, fmt.Sprintf("%d %s", m.Line, m.Text))
		}
		if want := "1 " + line; len(found) != 1 || found[0] != want {
			t.Errorf("find: %q, want [%q]", found, want)
		}
		// The line above it keeps its own row's number.
		res = x.Find("before", 10)
		if len(res.Matches) != 1 || res.Matches[0].Line != 0 {
			t.Errorf("find before: %+v", res.Matches)
		}
	})
}
