package tmuxctl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/floating"
	"github.com/panemap/panemap/tmuxctl/scripts"
)

// The rearranging operations beyond swap: resize, layouts, rotate, and
// moving a pane to another window or out into a window of its own. Each is
// a script (see script.go), so tmux decides what depends on its state as
// the change runs, and each keeps the promises swap keeps:
//
//   - Zoom: a window that was zoomed is zoomed again afterwards, where
//     tmux would have unzoomed it (resize-pane, select-layout, join-pane
//     and break-pane all unzoom), on the same pane: a window whose zoomed
//     pane moves away, or whose focus a moving pane takes, is left
//     unzoomed.
//   - Focus stays with the content: the focused pane (the active pane of
//     its session's current window) keeps the focus where it goes in its
//     own session; moving any other pane, or any pane to another
//     session, changes no window's focus.
//   - The mark is never consumed: tmux clears the mark of a pane that
//     leaves its window (window_lost_pane), so a marked pane that moves is
//     marked again.

// MaxResizeCells bounds a resize; tmux clamps to the window anyway.
const MaxResizeCells = 1000

// Layout choices that are not layouts themselves.
const (
	LayoutNext     = "next"     // next-layout: tmux's next preset
	LayoutPrevious = "previous" // previous-layout
	LayoutSpread   = "spread"   // select-layout -E: the active pane and its neighbours evenly
)

// NamedLayouts are tmux's preset layouts, on every version from 3.2a.
var NamedLayouts = []string{"even-horizontal", "even-vertical", "main-horizontal", "main-vertical", "tiled"}

var resizeFlag = map[tmux.Direction]string{tmux.DirUp: "-U", tmux.DirDown: "-D", tmux.DirLeft: "-L", tmux.DirRight: "-R"}

// ParseResize validates a resize: one of the four directions and 1 to
// MaxResizeCells cells.
func ParseResize(dir string, cells int) (tmux.Direction, error) {
	d := tmux.Direction(dir)
	if _, ok := resizeFlag[d]; !ok {
		return "", &tmux.Error{Kind: tmux.KindInvalidInput, Value: dir, Message: fmt.Sprintf("invalid resize direction %s: want one of up, down, left, right", tmux.Quote(dir))}
	}
	if cells < 1 || cells > MaxResizeCells {
		v := strconv.Itoa(cells)
		return "", &tmux.Error{Kind: tmux.KindInvalidInput, Value: v, Message: fmt.Sprintf("invalid cell count %s: want 1 to %d", v, MaxResizeCells)}
	}
	return d, nil
}

// ParseLayoutChoice validates what a window's layout may be set to: a
// preset name, LayoutNext, LayoutPrevious, LayoutSpread, or a layout
// string that passes CheckLayout. It never lets anything else through.
func ParseLayoutChoice(s string) (string, error) {
	switch s {
	case LayoutNext, LayoutPrevious, LayoutSpread:
		return s, nil
	}
	for _, n := range NamedLayouts {
		if s == n {
			return s, nil
		}
	}
	if s == "" || !strings.Contains(s, ",") {
		return "", &tmux.Error{Kind: tmux.KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid layout %s: want one of %s, or a layout string tmux printed (#{window_layout})", tmux.Quote(s), strings.Join(NamedLayouts, ", "))}
	}
	check := func(s string) error { _, err := tmux.CheckLayout(s); return err }
	if isFloatingLayout(s) {
		check = func(s string) error { _, err := tmux.CheckFloatingLayout(s); return err }
	}
	if err := check(s); err != nil {
		return "", err
	}
	return s, nil
}

// isLayoutString reports whether a validated layout choice is a layout
// string (rather than a name).
func isLayoutString(choice string) bool { return strings.Contains(choice, ",") }

// fitsWindow checks a layout string against the window it is for: tmux
// would resize the window to the layout's size, or drop cells, rather
// than refuse, and neither is what anyone asking for a layout means.
// A window with floating panes (3.7+) takes no layout string at all:
// tmux would tile its floating panes (see tmux.CheckLayoutTarget).
func fitsWindow(layout string, w *tmux.Window) error {
	shape, err := tmux.CheckLayout(layout)
	if err != nil {
		return err
	}
	if err := tmux.CheckLayoutTarget(w); err != nil {
		return err
	}
	if shape.Width != w.Width || shape.Height != w.Height {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: layout, Message: fmt.Sprintf("layout %s is for a %dx%d window; window %s is %dx%d", tmux.Quote(layout), shape.Width, shape.Height, w.ID, w.Width, w.Height)}
	}
	if shape.Panes != len(w.Panes) {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: layout, Message: fmt.Sprintf("layout %s has %s; window %s has %d", tmux.Quote(layout), plural.Count(shape.Panes, "pane", "panes"), w.ID, len(w.Panes))}
	}
	return nil
}

// zoomedResize runs resize, a resize-pane of pane p, in p's zoomed
// window: it unzooms the window first and zooms it again afterwards. The
// unzoom is not for show: tmux master (next-3.8) takes the pane's layout
// cell before resize-pane unzooms, and a pane hidden by the zoom (a
// floating one too) has none, so resizing it in a zoomed window crashes
// the server (cmd-resize-pane.c:62, 94; 3.2a to 3.7c unzoom first). So
// whether the window is zoomed is decided by if-shell -F, whose commands
// run next, before any other client's (cmd-if-shell.c inserts them after
// itself), and never by run-shell -C, which expands its format and then
// leaves tmux's event loop a turn: another client may zoom the window in
// it. Only the zoom again of a window whose zoomed pane is not p waits
// that turn (that pane's id is known only as it runs): it cannot crash,
// and at worst toggles a zoom another client made.
func zoomedResize(p tmux.PaneID, resize []string) []string {
	sp := string(p)
	unzoom := []string{"resize-pane", "-Z", "-t", sp}
	return ifShell(sp, "#{pane_active}",
		[][]string{unzoom, resize, unzoom}, // p is the zoomed pane
		[][]string{unzoom, resize, {"run-shell", "-C", "-t", sp, "resize-pane -Z -t #{window_id}"}})
}

// resizeScript resizes pane p. A window neither zoomed nor with a
// floating pane is resized at once: the if-shell that decides it and the
// resize are the only entries in tmux's message log (the next command
// runs as soon as if-shell -F has inserted it, so nothing changes in
// between, and a pane gone meanwhile fails the resize alone). Otherwise
// the window is unzoomed and zoomed again around it, and a window with
// floating panes is refused on 3.7 (floating.CondResize37); on 3.8 a
// tiled pane there is resized only while the window's layout is judged,
// the layout that a resize there may reach a floating pane's cell
// (tmux.ResizeReachesFloating): the first run prints the layout in a
// refusal, and the caller runs again with it judged (see Op.rejudge).
func resizeScript(p tmux.PaneID, d tmux.Direction, cells int, judged string) [][]string {
	resize := []string{"resize-pane", "-t", string(p), resizeFlag[d], strconv.Itoa(cells)}
	unjudged := "#{&&:" + floating.CondResizeTiled + ",#{?" + floating.CondLayoutIs(judged) + ",,1}}"
	zoomed := ifShell(string(p), "#{window_zoomed_flag}", [][]string{zoomedResize(p, resize)}, [][]string{resize})
	tiled := floating.Guard(string(p), unjudged, floating.ReasonResizeLayout+":#{window_layout}", [][]string{zoomed})
	slow := [][]string{{"has-session", "-t", string(p)},
		floating.Guard(string(p), floating.CondResize37, floating.ReasonResizeFloating, [][]string{tiled})}
	return [][]string{ifShell(string(p), "#{||:#{window_zoomed_flag},"+floating.CondResizeFloating+"}", slow, [][]string{resize})}
}

func layoutCmd(w tmux.WindowID, choice string) []string {
	switch choice {
	case LayoutNext:
		return []string{"next-layout", "-t", string(w)}
	case LayoutPrevious:
		return []string{"previous-layout", "-t", string(w)}
	case LayoutSpread:
		return []string{"select-layout", "-E", "-t", string(w)}
	}
	return []string{"select-layout", "-t", string(w), choice}
}

// layoutScript gives window w the layout choice, zoomed again when it
// was. A layout string is applied only while it fits the window (its
// size and pane count): tmux would otherwise resize the window or drop
// cells to fit it. When it no longer fits, the script changes nothing and
// prints misfitLine.
func layoutScript(w tmux.WindowID, choice string) [][]string {
	// A layout string goes through if-shell, not run-shell -C: it is
	// quoted once and never expanded as a format.
	sel := layoutCmd(w, choice)
	apply := [][]string{keepingZoom(w, sel)}
	if isLayoutString(choice) {
		apply = [][]string{ifShell(string(w), layoutFits(choice), apply, [][]string{{"display-message", "-p", misfitLine}})}
	}
	// On 3.7 a layout tiles floating panes, or breaks the tiling: refused.
	slow := [][]string{{"has-session", "-t", string(w)}, floating.Guard(string(w), floating.CondLayoutFloating, floating.ReasonLayoutFloating, apply)}
	// A window neither zoomed nor refused, that the layout fits, takes it
	// at once (see resizeScript): one if-shell and the layout in tmux's
	// message log.
	slowCond := "#{||:#{window_zoomed_flag}," + floating.CondLayoutFloating + "}"
	if isLayoutString(choice) {
		slowCond = "#{||:" + slowCond + ",#{?" + apply[0][4] + ",,1}}"
	}
	return [][]string{ifShell(string(w), slowCond, slow, [][]string{sel})}
}

// layoutStringAlone gives window w the layout string choice for a caller
// that has not read w (the MCP tools): tmux checks what fitsWindow would
// (the window's size and pane count, and no floating pane) in the
// condition of the if-shell that applies it, so a window neither zoomed
// nor refused takes it with one if-shell and the layout in tmux's message
// log, where a read first was one more. A window it does not fit is read
// instead, after misfitLine, for fitsWindow to say why, and nothing
// changes.
func layoutStringAlone(w tmux.WindowID, choice string) [][]string {
	sw := string(w)
	sel := layoutCmd(w, choice)
	fits := "#{&&:" + layoutFits(choice) + ",#{?#{P:#{?pane_floating_flag,1,}},0,1}}"
	apply := keepingZoom(w, sel)
	misfit := append([][]string{{"display-message", "-p", misfitLine}}, readWindowCmds(sw)...)
	slow := [][]string{{"has-session", "-t", sw}, ifShell(sw, fits, [][]string{apply}, misfit)}
	return [][]string{ifShell(sw, "#{&&:"+fits+",#{?window_zoomed_flag,0,1}}", [][]string{sel}, slow)}
}

// keepingZoom is sel, a select-layout of window w, with w zoomed again
// afterwards when it was.
func keepingZoom(w tmux.WindowID, sel []string) []string {
	return ifShell(string(w), "#{window_zoomed_flag}", [][]string{sel, {"resize-pane", "-Z", "-t", string(w)}}, [][]string{sel})
}

// layoutFits is, in a window's context, whether the layout string choice
// fits it: the window's size and pane count are the string's.
func layoutFits(choice string) string {
	shape, _ := tmux.CheckLayout(choice) // checked by ParseLayoutChoice
	return fmt.Sprintf("#{&&:#{==:#{window_width},%d},#{&&:#{==:#{window_height},%d},#{==:#{window_panes},%d}}}",
		shape.Width, shape.Height, shape.Panes)
}

// misfitLine is what layoutScript prints when a layout string no longer
// fits: the first line of the script's answer, where a window read's
// starts with an @ id.
const misfitLine = "=panemap-misfit"

// followFlag is "-d " for a pane that is not the active pane of its
// session's current window: only the pane that has the focus takes it
// along; moving any other pane changes no window's focus.
const followFlag = "#{?#{&&:#{pane_active},#{window_active}},,-d }"

// keepFocus is what follows a move in the pane's own context: a marked
// pane is marked again, and its old window zoomed again unless the pane
// that leaves was the zoomed one.
func keepFocus(p tmux.PaneID) string {
	return "#{?pane_marked, ; select-pane -m -t " + string(p) + ",}" +
		"#{?#{&&:#{window_zoomed_flag},#{!=:#{pane_active},1}}, ; resize-pane -Z -t #{window_id},}"
}

// moveScript moves pane p into window to, next to its active pane, or to
// pane beside when given (split
// side by side when that pane is more than twice as wide as tall, else one
// above the other, as tmux's join-pane default). A pane already in window
// to stays where it is. When p was the only pane of its window, tmux
// closes the emptied window. With follow, p takes the focus along
// whether it had it or not: it becomes the active pane of window to,
// and to the current window (a person moving a pane on the map goes with
// it). With fast, a pane with nothing to keep joins at once (see below).
func moveScript(p tmux.PaneID, to tmux.WindowID, beside tmux.PaneID, follow, fast bool) [][]string {
	sp, st := string(p), string(to)
	slow := [][]string{scripts.RunIn(p, moveJoin(p, to, beside, follow))}
	if beside != "" || follow || !fast {
		return slow
	}
	// A pane neither marked nor focused, from an unzoomed window into
	// another unzoomed one, has no focus, mark or zoom to keep: the slow
	// script would run join-pane -d alone. It joins at once, by two
	// if-shells that run as soon as inserted; a pane or window gone
	// meanwhile fails the join alone.
	toZoomed := inWindow(to, "#{?window_zoomed_flag,1,}")
	calm := "#{?#{||:#{||:#{pane_marked},#{window_zoomed_flag}},#{||:#{&&:#{pane_active},#{window_active}}," + toZoomed + "}},,1}"
	joinD := func(split string) []string { return []string{"join-pane", "-d", split, "-s", sp, "-t", st} }
	return [][]string{ifShell(sp, "#{&&:#{!=:#{window_id},"+st+"},"+calm+"}",
		[][]string{ifShell(st, wide, [][]string{joinD("-h")}, [][]string{joinD("-v")})}, slow)}
}

// moveJoin is, in p's context, the command line of moveScript's slow
// script: the join that keeps focus, mark and zoom, or nothing for a
// pane already in window to. Everything is decided by the format
// run-shell -C expands as it runs (scripts.RunIn): one moment, as the
// if-shells before it decide, and nothing else runs in tmux's message
// log. A window to gone fails the join, naming it.
func moveJoin(p tmux.PaneID, to tmux.WindowID, beside tmux.PaneID, follow bool) string {
	sp, st := string(p), string(to)
	tt := st // the join's target: the window's active pane, or beside
	// Is the join's target pane (window to's active pane, or beside) more
	// than twice as wide as tall, from p's context?
	wideTarget := onActivePane(to, wide)
	if beside != "" {
		tt = string(beside)
		wideTarget = scripts.OnPane(beside, wide)
	}
	toZoomed := inWindow(to, "#{?window_zoomed_flag,1,}")
	// Is p in a session that has window to (focus is per session: in
	// another one, it stays behind)?
	sameSession := "#{S:#{?#{W:#{?#{==:#{window_id}," + st + "},1,}},#{W:#{P:#{?#{==:#{pane_id}," + sp + "},1,}}},}}"
	// The join, and window to zoomed again afterwards unless the arriving
	// pane takes its focus.
	rezoomTo := " ; resize-pane -Z -t " + st
	flag := "#{?" + sameSession + "," + followFlag + ",-d }"
	again := "#{?" + sameSession + ",#{?#{&&:#{pane_active},#{window_active}},," + rezoomTo + "}," + rezoomTo + "}"
	if follow {
		flag, again = "#{?"+sameSession+",,-d }", "#{?"+sameSession+",,"+rezoomTo+"}"
	}
	join := "join-pane " + flag + "#{?" + wideTarget + ",-h,-v} -s " + sp + " -t " + tt + keepFocus(p) + "#{?" + toZoomed + "," + again + ",}"
	return "#{?#{!=:#{window_id}," + st + "}," + join + ",}"
}

// moveFirst is the MCP tools' move of pane p into window to, beside its
// active pane, in one command list with the reads around it
// (actAndRead): a pane with nothing to keep (moveScript's fast case) is
// joined by one if-shell, which also picks the split, when window to is
// wide (the usual shape: one if-shell and the join in tmux's message
// log), or by two. Anything else runs moveScript's slow script, whose
// format reads instead a window whose active pane floats (tmux 3.7+),
// after besideLine, for Act to pick the pane to join beside (see
// tmux.Window.JoinBeside) and move in a second command list (the read
// runs a turn of tmux's event loop after the format decided, which
// changes nothing: the second list comes later still).
func moveFirst(p tmux.PaneID, to tmux.WindowID) [][]string {
	sp, st := string(p), string(to)
	toZoomed := inWindow(to, "#{?window_zoomed_flag,1,}")
	floats := onActivePane(to, "#{pane_floating_flag}")
	calm := "#{?#{||:#{||:#{pane_marked},#{window_zoomed_flag}},#{||:#{&&:#{pane_active},#{window_active}},#{||:" + toZoomed + "," + floats + "}}},,1}"
	join := "#{&&:#{!=:#{window_id}," + st + "}," + calm + "}"
	joinD := func(split string) [][]string { return [][]string{{"join-pane", "-d", split, "-s", sp, "-t", st}} }
	read := readWindowCmds(st)[0]
	beside := [][]string{append(read[:len(read)-1:len(read)-1], besideLine+" "+read[len(read)-1])}
	rest := [][]string{scripts.RunIn(p, "#{?"+floats+","+scripts.Literal(renderList(beside))+","+moveJoin(p, to, "", false)+"}")}
	return [][]string{ifShell(sp, "#{&&:"+join+","+onActivePane(to, wide)+"}", joinD("-h"),
		[][]string{ifShell(sp, join, joinD("-v"), rest)})}
}

// inWindow is format expanded in window w, from any pane's context
// (every window of every session is looked at; w's alone counts).
func inWindow(w tmux.WindowID, format string) string {
	return "#{S:#{W:#{?#{==:#{window_id}," + string(w) + "}," + format + ",}}}"
}

// onActivePane is, from any pane's context, whether window w's active
// pane makes cond true in its own context.
func onActivePane(w tmux.WindowID, cond string) string {
	return inWindow(w, "#{P:#{?#{&&:#{pane_active},"+cond+"},1,}}")
}

// besideLine starts what moveFirst prints instead of a move beside a
// floating active pane: then the window's read.
const besideLine = "=panemap-beside"

// wide is, in a pane's context, whether it is more than twice as wide as
// tall: a pane joins beside it side by side then (join-pane -h), else
// above or below it.
const wide = "#{e|>:#{pane_width},#{e|*:#{pane_height},2}}"

// breakScript moves pane p out into a new window of session s (at tmux's
// next free index), or of the session tmux finds for p when s is "". A
// pane alone in its window stays where it is. follow is as for
// moveScript: the new window becomes the current one.
func breakScript(p tmux.PaneID, s tmux.SessionID, follow bool) [][]string {
	sp := string(p)
	flag := followFlag
	if follow {
		flag = ""
	}
	session := string(s)
	if s == "" {
		session = "#{session_id}"
	}
	text := "break-pane " + flag + "-s " + sp + " -t " + session + ":" + keepFocus(p)
	return [][]string{
		{"has-session", "-t", sp},
		ifShell(sp, "#{!=:#{window_panes},1}", [][]string{{"run-shell", "-C", "-t", sp, text}}, nil),
	}
}
