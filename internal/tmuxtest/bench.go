package tmuxtest

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// BenchDuration is how long a rate benchmark measures:
// PANEMAP_BENCH_SECONDS, 5 s by default. The result is a rate, so
// -benchtime 100x (as .ci/run runs every benchmark) must not make it
// last a hundred times as long.
func BenchDuration() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("PANEMAP_BENCH_SECONDS") + "s"); err == nil && d > 0 {
		return d
	}
	return 5 * time.Second
}

// BenchRounds is how many rounds an end-to-end benchmark times, whatever
// -benchtime says: PANEMAP_BENCH_ROUNDS, 8 by default.
func BenchRounds() int {
	if n, err := strconv.Atoi(os.Getenv("PANEMAP_BENCH_ROUNDS")); err == nil && n > 0 {
		return n
	}
	return 8
}

// ColouredLines is the load the live previews' CPU benchmarks put in
// each pane: a line with a colour every 10 ms.
const ColouredLines = "i=0; while :; do i=$((i+1)); printf '\\033[32mline\\033[m %d\\n' $i; sleep 0.01; done"

// NinePanes splits the session main's first window into nine tiled panes
// running sh and returns their ids.
func (s *Server) NinePanes() []string {
	for range 8 {
		s.Must("split-window", "-t", "main:0", "exec sh")
		s.Must("select-layout", "-t", "main:0", "tiled")
	}
	return strings.Fields(s.Must("list-panes", "-t", "main:0", "-F", "#{pane_id}"))
}

// TypeLine types line and Enter into each of panes, one tmux client a
// pane. line must not end in ';', which tmux would take for the end of
// the command (cmd_parse_from_arguments).
func (s *Server) TypeLine(panes []string, line string) {
	for _, p := range panes {
		s.Must("send-keys", "-t", p, "-l", line, ";", "send-keys", "-t", p, "Enter")
	}
}

// LastTick is the number of the last "tickN" line in text (0 when none):
// how far a pane printing numbered ticks has got.
func LastTick(text string) int {
	i := strings.LastIndex(text, "tick")
	if i < 0 {
		return 0
	}
	f := strings.Fields(text[i+4:])
	if len(f) == 0 {
		return 0
	}
	n, _ := strconv.Atoi(f[0])
	return n
}
