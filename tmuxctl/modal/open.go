package modal

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// Spec is a modal pane to open a command in, over a pane.
type Spec struct {
	Over          tmux.PaneID // the pane it opens over: its window gets the modal pane
	Width, Height string      // cells or percent (tmuxctl.ParseSize), as for the popup
	Border        string      // a popup border style; those panes have too are used
	Title         string
	Command       []string // two words or more, run with execvp (no shell)
	Env           []string // VAR=value pairs (no ';' at the end: checked by the caller)
}

// paneBorders are the popup border styles pane-border-lines has too.
var paneBorders = map[string]bool{"single": true, "double": true, "heavy": true, "simple": true, "none": true}

// OpenArgs is the new-pane -O command for spec: sized as the popup would
// be and centred as display-popup centres one. new-pane places the
// pane's border box at -X/-Y (4,2 for the first, then 4 cells further for
// each new one, layout.c layout_floating_args_parse), and expands formats
// in -x/-y/-X/-Y (args_percentage_and_expand) in the target's context: a
// size in cells is cut to the window's and the offset worked out there.
// Sizes are checked first, so nothing but digits and % reaches a format.
func OpenArgs(spec Spec) ([]string, error) {
	if _, err := tmux.ParsePaneID(string(spec.Over)); err != nil {
		return nil, err
	}
	for _, v := range []string{spec.Width, spec.Height} {
		if err := tmuxctl.ParseSize(v); err != nil {
			return nil, err
		}
	}
	args := append([]string{"new-pane", "-O", "-t", string(spec.Over)}, Place(spec.Width, spec.Height, spec.Border)...)
	if spec.Title != "" {
		args = append(args, "-T", strings.ReplaceAll(spec.Title, "#", "##")) // -T is a format
	}
	for _, kv := range spec.Env {
		args = append(args, "-e", kv)
	}
	words, err := tmuxctl.ExecWords(spec.Command)
	if err != nil {
		return nil, err
	}
	return append(args, words...), nil
}

// Place is new-pane's -x, -y, -X and -Y for a modal pane of width by
// height (checked: cells or percent, see tmuxctl.ParseSize), sized as the
// popup would be and centred as display-popup centres one, then -B
// border where pane borders have that style (paneBorders). The sizes and
// offsets are formats, expanded in the target's context.
func Place(width, height, border string) []string {
	args := []string{"-x", fit(width, "window_width"), "-y", fit(height, "window_height"),
		"-X", centre(width, "window_width"), "-Y", centre(height, "window_height")}
	if paneBorders[border] {
		args = append(args, "-B", border)
	}
	return args
}

// fit is size, a count of cells cut to the window's (format w).
func fit(size, w string) string {
	if strings.HasSuffix(size, "%") {
		return size
	}
	return fmt.Sprintf("#{?#{e|>:%s,#{%s}},#{%s},%s}", size, w, w, size)
}

// centre is the -X or -Y that centres size in the window (format w).
func centre(size, w string) string {
	if p, ok := strings.CutSuffix(size, "%"); ok {
		n, _ := strconv.Atoi(p) // checked
		return strconv.Itoa((100-n)/2) + "%"
	}
	return fmt.Sprintf("#{e|/:#{e|-:#{%s},%s},2}", w, fit(size, w))
}

// Open opens spec's modal pane on c's server. It does not wait for the
// command: new-pane returns once the pane is there.
func Open(ctx context.Context, c *tmuxctl.Client, spec Spec) error {
	args, err := OpenArgs(spec)
	if err != nil {
		return err
	}
	_, err = c.RunProcess(ctx, args)
	return err
}
