package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// BenchmarkOpenKeyToMap measures what a person feels when they press the
// key: from the key press on a real tmux client (nested servers: the
// inner server's client runs in a pane of the outer one, and keys are
// typed into that pane) to the map with every pane's id on the screen.
// In the same loop, rounds interleaved, it times a bare display-popup
// that prints one word: the floor any popup has on this machine; and a
// popup of the plugin's size that prints the very bytes of panemap's
// first map (cat): tmux's own share of showing that map. It reports the
// medians and the ratios for the plugin's binding (without the resident,
// and with it: panemap-open beside panemap), for `run-shell 'panemap init tmux'`'s key, for a binding by hand
// (handLine, and the same line without --state, whose map waits for
// panemap's own read), for `run-shell -b 'panemap popup'` bound by hand,
// and for an fzf picker over `tmux list-panes -a` in a popup (when fzf
// is installed).
//
//	go test -run '^$' -bench OpenKeyToMap -benchtime 1x ./cmd/panemap/
//
// PANEMAP_BENCH_ROUNDS sets the rounds (8 by default), whatever
// -benchtime says. Each open is timed twice: to the last byte of what it
// shows reaching the outer pane, what a terminal would be sent
// (tmuxtest.OutputWatch: the figure reported), and to the capture-pane
// that saw it on the screen ("checked", late by up to one capture). The
// screen is read only when output arrived, so the measuring adds no load
// while a program starts. Tests never assert on these times.
func BenchmarkOpenKeyToMap(b *testing.B) {
	rounds := tmuxtest.BenchRounds()
	n := tmuxtest.StartNested(b, 160, 46)
	g := n.Inner.Grid()
	bin := tmuxtest.Panemap(b)
	loadPlugin(b, n.Inner, bin)
	n.Inner.Must("bind-key", "B", "display-popup", "-E", "printf POPUPWORD; read x")
	// A binding by hand (handLine), and panemap popup from run-shell as
	// people bind it by hand: with panemap on the server's PATH.
	n.Inner.Must("set-environment", "-g", "PATH", filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	n.Inner.Must("bind-key", "O", "run-shell", "-C", handLine)
	n.Inner.Must("bind-key", "R", "run-shell", "-b", "panemap popup")
	// run-shell 'panemap init tmux', as tmux.conf runs it, bound to I:
	// panemap from the server's PATH, no resident (no panemap-open beside
	// it), the binding the plugin's key above has.
	n.Inner.Must("run-shell", "panemap init tmux --key I")
	n.Inner.Must("set", "-gu", "@panemap-key")
	// The same line without the key press's snapshot: the map waits for
	// panemap's own read (as before --state).
	n.Inner.Must("bind-key", "J", "run-shell", "-C", strings.TrimSuffix(handLine, " --"+stateFlag+" '"+stateFormat+"'"))
	// The floors under any binding, in popups opened as the bare one is:
	// a Go program that prints one word, and panemap's binary starting
	// and printing its version (TMUX emptied, as the bindings do).
	n.Inner.Must("bind-key", "T", "display-popup", "-E", shellQuote(tinyGo(b))+"; read x")
	mapFile, mapBytes := firstPaintFile(b, n.Inner, 160*80/100-2, 46*75/100-2)
	b.ReportMetric(float64(mapBytes), "first-map-bytes")
	// tmux's own share: a popup of the plugin's size that only prints
	// the map panemap's first paint writes there (tmux's default border:
	// 3.2 has no -b; a rounded one costs the same cells).
	n.Inner.Must("bind-key", "K", "display-popup", "-E", "-w", "80%", "-h", "75%", "cat "+shellQuote(mapFile)+"; read x")
	n.Inner.Must("bind-key", "V", "display-popup", "-E", "env TMUX= panemap -V; read x")
	// The plugin's key with the resident: panemap-open beside panemap,
	// bound to Y; the key above (panemap alone beside it) is the path
	// without it.
	open := tmuxtest.PanemapOpen(b)
	n.Inner.Must("set", "-g", "@panemap-key", "Y")
	loadPlugin(b, n.Inner, filepath.Join(filepath.Dir(open), "panemap"))
	n.Inner.Must("set", "-gu", "@panemap-key")
	sock := strings.TrimSpace(n.Inner.Must("display-message", "-p", "#{socket_path}"))
	b.Cleanup(func() { stopResident(b, sock) })
	waitResident(b, sock, 0)
	// The simplest picker, what sesh, tmux-fzf and sessionx build on:
	// fzf over list-panes -a in a popup, when fzf is installed.
	fzf, _ := exec.LookPath("fzf")
	if fzf != "" {
		n.Inner.Must("bind-key", "F", "display-popup", "-E", "tmux list-panes -a | "+shellQuote(fzf))
	}
	version := n.Inner.Version()

	shows := func(ids ...string) func(string) bool {
		return func(scr string) bool {
			for _, id := range ids {
				if !strings.Contains(scr, id) {
					return false
				}
			}
			return true
		}
	}
	mapShown := shows(append(g[:], "NAV")...)
	// A popup is closed when the screen is back to what it was: a popup
	// still closing would swallow the next one (tmux before 3.6 ignores
	// display-popup on a client that shows one).
	idle := stableScreen(b, n)
	closed := func(s string) bool { return s == idle }
	kinds := []struct {
		name  string
		key   string
		shown func(string) bool
		close string
	}{
		{"bare popup", "B", shows("POPUPWORD"), "Enter"},
		{"plugin key", pluginDefaultKey, mapShown, "q"},
		{"init key", "I", mapShown, "q"},
		{"a binding by hand", "O", mapShown, "q"},
		{"by hand without --state", "J", mapShown, "q"},
		{"run-shell panemap popup", "R", mapShown, "q"},
		{"a Go program printing a word", "T", shows("GOWORD"), "Enter"},
		{"panemap -V alone", "V", shows("panemap "), "Enter"},
		{"plugin key resident", "Y", mapShown, "q"},
		{"a popup printing the map", "K", mapShown, "Enter"},
	}
	if fzf != "" {
		// fzf's counter (4/4) is drawn once the list is read.
		kinds = append(kinds, struct {
			name  string
			key   string
			shown func(string) bool
			close string
		}{"fzf picker", "F", shows(append(g[:], fmt.Sprintf("%d/%d", len(g), len(g)))...), "Escape"})
	}
	// A fixed number of rounds whatever b.N is: the result is a median,
	// and -benchtime 100x (as .ci/run runs every benchmark) must not open
	// four hundred popups a hundred times over.
	// Each open is timed twice: to the last byte of what it shows
	// reaching the outer pane (what a terminal is sent: the watch), and
	// to the check that saw it on screen.
	watch := n.WatchOutput(b)
	times := make([][]time.Duration, len(kinds))
	checked := make([][]time.Duration, len(kinds))
	for r := 0; r < rounds; r++ {
		for i, k := range kinds {
			watch.Quiet()
			start := time.Now()
			n.Keys("C-b", k.key)
			at, ok := watch.Await(start, 10*time.Second, k.shown)
			if !ok {
				b.Fatalf("%s: nothing on screen after 10s:\n%s", k.name, n.Screen())
			}
			checked[i] = append(checked[i], time.Since(start))
			times[i] = append(times[i], at.Sub(start))
			n.Keys(k.close)
			if !pollScreen(n, 10*time.Second, closed) {
				b.Fatalf("%s: did not close:\n%s", k.name, lineDiff(idle, n.Screen()))
			}
		}
	}
	// One line a row, tmux's version on the first: the testing package
	// keeps ten lines of a benchmark's log without -v.
	bare, bareChecked := median(times[0]), median(checked[0])
	for i, k := range kinds {
		m, c := median(times[i]), median(checked[i])
		if i == 0 {
			k.name = fmt.Sprintf("tmux %s, %d rounds: %s", version, rounds, k.name)
		}
		b.Logf("%-28s median %5.1f ms  ratio %.2f  checked %5.1f ms  ratio %.2f  raw %v", k.name, ms(m), float64(m)/float64(bare), ms(c), float64(c)/float64(bareChecked), roundAll(times[i]))
		unit := strings.ReplaceAll(kinds[i].name, " ", "-")
		b.ReportMetric(ms(m), unit+"-ms")
		if i > 0 {
			b.ReportMetric(float64(m)/float64(bare), unit+"/bare")
		}
	}
}

// pollScreen reads the outer pane back to back until shown holds, for
// at most limit.
func pollScreen(n *tmuxtest.Nested, limit time.Duration, shown func(string) bool) bool {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); {
		if out, err := n.Outer.Run("capture-pane", "-p", "-t", n.OuterPane); err == nil && shown(strings.TrimSuffix(out, "\n")) {
			return true
		}
	}
	return false
}

// stableScreen is the outer screen once two reads 200 ms apart agree.
func stableScreen(b *testing.B, n *tmuxtest.Nested) string {
	prev := n.Screen()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		time.Sleep(200 * time.Millisecond)
		cur := n.Screen()
		if cur == prev {
			return cur
		}
		prev = cur
	}
	b.Fatal("the screen never settled")
	return ""
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func roundAll(d []time.Duration) []string {
	out := make([]string, len(d))
	for i, x := range d {
		out[i] = fmt.Sprintf("%.0f", ms(x))
	}
	return out
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("line %d: %q != %q", i, x, y))
		}
	}
	return strings.Join(out, "\n")
}

// tinyGo builds a Go program that prints one word, as panemap is built
// for releases (static, no cgo).
func tinyGo(b *testing.B) string {
	dir := b.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte("package main\n\nimport \"os\"\n\nfunc main() { os.Stdout.WriteString(\"GOWORD\\n\") }\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	bin := filepath.Join(dir, "word")
	cmd := exec.Command("go", "build", "-o", bin, src)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building the one-word Go program: %v\n%s", err, out)
	}
	return bin
}
