package modal

import (
	"slices"
	"strings"
	"testing"
)

func TestOpenArgs(t *testing.T) {
	args, err := OpenArgs(Spec{Over: "%3", Width: "80%", Height: "75%", Border: "rounded", Title: " pane #map ",
		Command: []string{"/opt/panemap", "-S", "/tmp/a b", "--in-modal", "%3"}, Env: []string{"TMUX="}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"new-pane", "-O", "-t", "%3", "-x", "80%", "-y", "75%", "-X", "10%", "-Y", "12%",
		"-T", " pane ##map ", "-e", "TMUX=", "/opt/panemap", "-S", "/tmp/a b", "--in-modal", "%3"}
	if !slices.Equal(args, want) {
		t.Errorf("percentages:\n got %q\nwant %q", args, want)
	}
	args, err = OpenArgs(Spec{Over: "%3", Width: "100", Height: "20", Border: "double", Command: []string{"x", "y;"}})
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Join(args, " ")
	for _, w := range []string{
		"-x #{?#{e|>:100,#{window_width}},#{window_width},100}",
		"-X #{e|/:#{e|-:#{window_width},#{?#{e|>:100,#{window_width}},#{window_width},100}},2}",
		"-y #{?#{e|>:20,#{window_height}},#{window_height},20}",
		"-B double",
		`x y\;`,
	} {
		if !strings.Contains(line, w) {
			t.Errorf("cells: %q lacks %q", line, w)
		}
	}
	for _, bad := range []Spec{
		{Over: "%3;", Width: "80%", Height: "75%"},
		{Over: "%3", Width: "#{pane_id}", Height: "75%"},
		{Over: "%3", Width: "80%", Height: "101%"},
		{Over: "%3", Width: "80%", Height: "75%", Command: []string{"sh -c 'kill-server'"}},
	} {
		if args, err := OpenArgs(bad); err == nil {
			t.Errorf("%+v: took it: %q", bad, args)
		}
	}
}
