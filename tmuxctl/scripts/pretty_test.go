package scripts

import (
	"reflect"
	"testing"
)

// TestParseListReadsWhatListWrites: every word List quotes comes back
// the same, command boundaries included, and a line List could not have
// made is refused rather than guessed at.
func TestParseListReadsWhatListWrites(t *testing.T) {
	t.Parallel()
	lists := [][][]string{
		{{"has-session", "-t", "%1"}},
		{{"display-message", "-p", "#{pane_id} ; x"}, {"select-pane", "-t", "%2"}},
		{{"a", "it's", "''", "'", ";", "", "%if", "%12", "x y", `\'`, "#{?a,b,c}"}},
		{IfShell("%1", "#{pane_active}", [][]string{{"swap-pane", "-s", "%1", "-t", "%2"}}, [][]string{{"display-message", "-p", "it's"}})},
	}
	for _, want := range lists {
		line := List(want)
		got, err := ParseList(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if words := wordsOf(got); !reflect.DeepEqual(words, want) {
			t.Errorf("%q read back as %q, want %q", line, words, want)
		}
		if back := Line(got); back != line {
			t.Errorf("%q renders back as %q", line, back)
		}
	}
	braced := IfShellLine("%1", "#{pane_active}", Braced([][]string{{"swap-pane", "-s", "%1", "-t", "%2"}, {"display-message", "-p", "}"}}),
		IfShellLine("%2", "1", Braced([][]string{{"select-pane", "-t", "%2"}}), ""))
	got, err := ParseList(braced)
	if err != nil {
		t.Fatalf("%q: %v", braced, err)
	}
	if back := Line(got); back != braced {
		t.Errorf("%q renders back as %q", braced, back)
	}
	if len(got) != 1 || len(got[0]) != 7 || len(got[0][5].Braced) != 2 || got[0][5].Braced[1][2].Word != "}" || len(got[0][6].Braced[0][5].Braced) != 1 {
		t.Errorf("%q read as %+v", braced, got)
	}
	for _, bad := range []string{"", "a  b", "a ", "'a", `"a"`, "a ; ; b", "a ;", "a#b", "'a'b", "%if", "a { b", "a } b", "a { }", "{ a }}", "a {b }"} {
		if got, err := ParseList(bad); err == nil {
			t.Errorf("%q read as %q, want an error", bad, got)
		}
	}
}

// wordsOf is a parsed list without braces as words.
func wordsOf(cmds []Command) [][]string {
	var words [][]string
	for _, c := range cmds {
		var w []string
		for _, a := range c {
			w = append(w, a.Word)
		}
		words = append(words, w)
	}
	return words
}

// TestPrettyIndentsBranches: an if-shell's lists and a run-shell -C's
// condition are laid out one command a line under their command.
func TestPrettyIndentsBranches(t *testing.T) {
	t.Parallel()
	script := [][]string{
		{"has-session", "-t", "%1"},
		IfShell("%1", "#{pane_active}",
			[][]string{{"resize-pane", "-Z", "-t", "%1"}, IfShell("%2", "1", [][]string{{"select-pane", "-t", "%2"}}, nil)},
			[][]string{RunIn("%1", "#{?pane_marked,select-pane -m -t %1,}")}),
	}
	got, err := Pretty(script)
	if err != nil {
		t.Fatal(err)
	}
	want := `has-session -t %1
if-shell -F -t %1 '#{pane_active}'
  then:
    resize-pane -Z -t %1
    if-shell -F -t %2 1
      then:
        select-pane -t %2
  else:
    run-shell -C -t %1  (runs the command line this format expands to:)
        #{? #{==:#{pane_id},%1}
          then:
            #{? pane_marked
              then:
                select-pane -m -t %1
              else:
                (nothing)
            }
          else:
            has-session -t %1
        }
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
