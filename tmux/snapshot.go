package tmux

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A snapshot is the window a key was pressed in, as tmux expanded it in
// the key's binding (run-shell -C) and handed it to the navigator on its
// command line: enough for the navigator's first frame before its own
// read of tmux answers. After run-shell -C has expanded the formats, tmux
// parses the result as a command line, so every value expanded into it
// must stay inside the single quotes around it. The fixed fields are ids,
// numbers, flags and the layout, which hold no quote. Free text (names,
// the mode, commands: a program names itself, newlines and quotes
// included) goes through modifiers that every tmux from 3.2a does alike:
//   - s/// percent-escapes '%', the quote, the field separator '|', '#'
//     and every control character (a newline inside quotes has the parser
//     drop a following "#…" up to the next newline, our closing quote
//     with it). [[:cntrl:]] is written #{l:…}: a ':' ends a modifier's
//     argument, and "#:" is an escape there only from 3.8 (master). '#'
//     is written [#]: from 3.7 a pattern of "#" or "##" matches no '#'.
//   - then =999 (tmux trims after it substitutes) drops every byte that
//     is not UTF-8: glibc's regex matches none of them, and tmux's parser
//     reads a 0xff byte as the end of the text (a signed char, EOF), which
//     would break the binding. '#' is escaped first, so trimming leaves
//     the rest as it is (it treats "#[" as a style).
// Values a format inserts are never expanded again (a name holding #{…}
// or #(…) stays text), and the modifiers' patterns hold only their own.
//
// Control characters all come back as DEL, which the navigator draws as
// it draws any (ui/cells.Printable); bytes that are not UTF-8 are
// dropped. Everything else comes back exactly.

// SnapshotOption is a user option whose value changes how the navigator's
// first frame looks, and the value it has when unset.
type SnapshotOption struct{ Name, Default string }

// snapshotVersion starts every snapshot: a binding written for another
// grammar is refused rather than misread.
const snapshotVersion = "1"

// snapshotText is the format for free text var, escaped (see above).
func snapshotText(v string) string {
	return "#{=999;s/%/%25/;s/'/%27/;s/[|]/%7C/;s/[#]/%23/;s/#{l:[[:cntrl:]]}/%7F/:" + v + "}"
}

// SnapshotFormat is the format a binding expands into the snapshot, to
// pass it as one single-quoted word. Per option in opts it says only
// whether the option is unset or set to its default (1) or not (0): no
// option's text reaches the command line. Every field ends with '|'.
func SnapshotFormat(opts []SnapshotOption) string {
	var b strings.Builder
	b.WriteString(snapshotVersion + "|")
	for _, o := range opts {
		b.WriteString("#{?#{" + o.Name + "},#{==:#{" + o.Name + "}," + o.Default + "},1}")
	}
	b.WriteString("|#{pane_marked_set}|#{session_id}|" + snapshotText("session_name") +
		"|#{window_id}|#{window_width}|#{window_height}|#{window_zoomed_flag}|#{window_layout}|")
	// Each window, with the marked pane's id when it holds it (a
	// window's loop of panes lists none other).
	b.WriteString("#{W:w|#{window_id}|#{window_index}|#{window_active}|#{window_bell_flag}|#{window_activity_flag}|#{window_silence_flag}|" +
		"#{P:#{?pane_marked,#{pane_id},}}|" + snapshotText("window_name") + "|}")
	// The key's window's panes; #{pane_floating_flag} and #{pane_z} are
	// empty before 3.7.
	b.WriteString("#{P:p|#{pane_id}|#{pane_index}|#{pane_active}|#{pane_marked}|#{pane_dead}|#{pane_dead_status}|" +
		"#{pane_left}|#{pane_top}|#{pane_width}|#{pane_height}|#{pane_floating_flag}|#{pane_z}|" +
		snapshotText("pane_mode") + "|" + snapshotText("pane_current_command") + "|}")
	return b.String()
}

// Snapshot is a snapshot read back: the session as far as the first frame
// shows it, and per option of SnapshotFormat whether it is unset or its
// default.
type Snapshot struct {
	// State holds the session's windows, names and flags, and its
	// current window with its panes; the other windows hold no pane but
	// the marked one, if they have it. It has no paths, titles, last
	// panes or last window: it is for drawing, never for acting on.
	State    *State
	Window   WindowID // the window the key was pressed in
	Defaults []bool
}

const (
	snapshotHead   = 10 // version … layout
	snapshotWindow = 8  // after "w"
	snapshotPane   = 14 // after "p"
)

// ParseSnapshot reads what SnapshotFormat expanded to. It is strict: a
// snapshot that is malformed, or that disagrees with itself (a pane list
// that is not the layout's, two active panes, a marked pane it cannot
// place), is refused, so that no wrong map is ever drawn from it.
func ParseSnapshot(s string) (*Snapshot, error) {
	if strings.ContainsAny(s, "'\x00") || !strings.HasSuffix(s, "|") {
		return nil, errors.New("snapshot: not one whole snapshot")
	}
	f := strings.Split(strings.TrimSuffix(s, "|"), "|")
	if len(f) < snapshotHead || f[0] != snapshotVersion {
		return nil, errors.New("snapshot: not a snapshot of this version")
	}
	r := &snapReader{}
	snap := &Snapshot{Defaults: r.bits(f[1])}
	markedSet := r.flag(f[2])
	st := &State{Session: r.sessionID(f[3]), SessionName: r.text(f[4])}
	win := &Window{ID: r.windowID(f[5]), Width: r.count(f[6]), Height: r.count(f[7]), Zoomed: r.flag(f[8]), Layout: f[9]}
	snap.Window = win.ID
	f = f[snapshotHead:]
	for len(f) > 0 && r.err == nil {
		switch {
		case f[0] == "w" && len(f) > snapshotWindow:
			st.Windows = append(st.Windows, r.window(st, win, f[1:snapshotWindow+1]))
			f = f[snapshotWindow+1:]
		case f[0] == "p" && len(f) > snapshotPane:
			win.Panes = append(win.Panes, r.pane(win.ID, f[1:snapshotPane+1]))
			f = f[snapshotPane+1:]
		default:
			r.fail("a record cut short or unknown: %s", Quote(f[0]))
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	slices.SortStableFunc(st.Windows, func(a, b *Window) int { return cmp.Compare(a.Index, b.Index) })
	// #{P:} loops by pane id from tmux 3.6: the map goes by index.
	slices.SortStableFunc(win.Panes, func(a, b Pane) int { return cmp.Compare(a.Index, b.Index) })
	// A zoomed window's panes are drawn at their layout cells: check those.
	win.FixZoomedGeometry()
	if err := checkSnapshot(st, win, markedSet); err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	snap.State = st
	return snap, nil
}

// window reads a window record into a Window of st; the key's window
// (win) takes its place, with its panes.
func (r *snapReader) window(st *State, win *Window, f []string) *Window {
	w := &Window{ID: r.windowID(f[0])}
	if w.ID == win.ID {
		w = win
	}
	w.SessionID, w.SessionName = st.Session, st.SessionName
	w.Index, w.Active = r.count(f[1]), r.flag(f[2])
	w.Bell, w.Activity, w.Silence = r.flag(f[3]), r.flag(f[4]), r.flag(f[5])
	w.Name = r.text(f[7])
	if f[6] != "" {
		id := r.paneID(f[6])
		if st.Marked != "" && st.Marked != id {
			r.fail("two marked panes")
		}
		st.Marked = id
		if w != win {
			w.Panes = []Pane{{ID: id, WindowID: w.ID, DeadStatus: -1}}
		}
	}
	if w.Active {
		st.Current = w.ID
	}
	return w
}

// pane reads a pane record of window wid, as records read list-panes.
func (r *snapReader) pane(wid WindowID, f []string) Pane {
	p := Pane{ID: r.paneID(f[0]), WindowID: wid, Index: r.count(f[1]), DeadStatus: -1}
	p.Active, p.Marked, p.Dead = r.flag(f[2]), r.flag(f[3]), r.flag(f[4])
	if p.Dead && f[5] != "" {
		p.DeadStatus = r.count(f[5])
	}
	p.Floating = r.flag(f[10])
	p.Left, p.Top = r.offset(f[6], p.Floating), r.offset(f[7], p.Floating)
	p.Width, p.Height = r.count(f[8]), r.count(f[9])
	if p.Floating {
		p.Z = r.count(f[11])
	}
	p.Mode, p.Command = r.text(f[12]), r.text(f[13])
	return p
}

// checkSnapshot checks that the snapshot agrees with itself.
func checkSnapshot(st *State, win *Window, markedSet bool) error {
	seen := map[WindowID]bool{}
	indexes := map[int]bool{}
	for _, w := range st.Windows {
		if seen[w.ID] || indexes[w.Index] {
			return fmt.Errorf("window %s or its index listed twice", w.ID)
		}
		seen[w.ID], indexes[w.Index] = true, true
	}
	switch {
	case !seen[win.ID]:
		return fmt.Errorf("window %s is not in its session's list", win.ID)
	case st.Current == "":
		return errors.New("no current window")
	case len(win.Panes) == 0 || win.Width < 1 || win.Height < 1:
		return errors.New("a window without panes or size")
	case markedSet != (st.Marked != ""):
		// Marked in another session: its window is not read here.
		return errors.New("the marked pane is not in the session")
	}
	cells, err := ParseLayout(win.Layout)
	if err != nil {
		return err
	}
	active := 0
	panes := map[PaneID]bool{}
	indexes = map[int]bool{}
	for _, p := range win.Panes {
		if _, ok := cells[p.ID.Num()]; !ok || panes[p.ID] || indexes[p.Index] {
			return fmt.Errorf("pane %s is not the layout's, or listed twice", p.ID)
		}
		if p.Width < 1 || p.Height < 1 {
			return fmt.Errorf("pane %s has no size", p.ID)
		}
		if p.Marked != (p.ID == st.Marked) {
			return fmt.Errorf("pane %s's mark disagrees with the window's", p.ID)
		}
		panes[p.ID], indexes[p.Index] = true, true
		if p.Active {
			active++
		}
	}
	if len(cells) != len(win.Panes) || active != 1 {
		return fmt.Errorf("%d panes with %d active for a layout of %d", len(win.Panes), active, len(cells))
	}
	if _, _, ok := st.FindPane(st.Marked); st.Marked != "" && !ok {
		return fmt.Errorf("the marked pane %s is not among its window's panes", st.Marked)
	}
	return nil
}

// snapReader reads a snapshot's fields, keeping the first error.
type snapReader struct{ err error }

func (r *snapReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("snapshot: "+format, args...)
	}
}

func (r *snapReader) flag(s string) bool {
	if s != "" && s != "0" && s != "1" {
		r.fail("not a flag: %s", Quote(s))
	}
	return s == "1"
}

func (r *snapReader) bits(s string) []bool {
	out := make([]bool, len(s))
	for i := range s {
		out[i] = r.flag(s[i : i+1])
	}
	return out
}

// count reads a number as tmux prints it: plain digits, no leading zero.
func (r *snapReader) count(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > maxLayoutID || strconv.Itoa(n) != s {
		r.fail("not a count: %s", Quote(s))
	}
	return n
}

// offset is a pane's left or top: a floating pane's may be negative.
func (r *snapReader) offset(s string, floating bool) int {
	if floating && strings.HasPrefix(s, "-") && s != "-0" {
		return -r.count(s[1:])
	}
	return r.count(s)
}

func (r *snapReader) sessionID(s string) SessionID { return readID(r, s, ParseSessionID) }
func (r *snapReader) windowID(s string) WindowID   { return readID(r, s, ParseWindowID) }
func (r *snapReader) paneID(s string) PaneID       { return readID(r, s, ParsePaneID) }

// readID reads a canonical id with parse.
func readID[T any](r *snapReader, s string, parse func(string) (T, error)) T {
	id, err := parse(s)
	if err != nil {
		r.fail("%v", err)
	}
	return id
}

// text undoes snapshotText's escapes. A raw '#' or control character, or
// a byte that is not UTF-8, means the text was not escaped, and no other
// escape can come from it.
func (r *snapReader) text(s string) string {
	if strings.IndexFunc(s, isASCIIControl) >= 0 || strings.Contains(s, "#") || !utf8.ValidString(s) {
		r.fail("unescaped text: %s", Quote(s))
		return ""
	}
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		c, ok := snapshotEscapes[s[i+1:min(i+3, len(s))]]
		if !ok {
			r.fail("a bad escape in %s", Quote(s))
			return ""
		}
		b.WriteByte(c)
		i += 2
	}
	return b.String()
}

// snapshotEscapes are the escapes snapshotText writes.
var snapshotEscapes = map[string]byte{"23": '#', "25": '%', "27": '\'', "7C": '|', "7F": 0x7f}

func isASCIIControl(c rune) bool { return c < 0x80 && unicode.IsControl(c) }
