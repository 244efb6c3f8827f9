package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// The readers: capture_pane, search_panes and wait_for_text. Every line
// they answer comes from tmuxctl/panetext, through package screen.

// contentTools read what panes show; --no-content withholds them.
var contentTools = map[string]bool{"capture_pane": true, "search_panes": true, "wait_for_text": true}

const (
	maxListLimit  = 5000 // list_panes' limit at most; search_panes reads that many panes
	maxPattern    = 500
	maxMatches    = 200
	searchHistory = 1000
)

// intArg is the integer argument name within [lo, hi], or def when absent.
func intArg(a args, name string, lo, hi, def int) (int, error) {
	n, ok := a[name].(json.Number)
	if !ok {
		return def, nil
	}
	v, err := n.Int64()
	if err != nil || v < int64(lo) || v > int64(hi) {
		return 0, invalid(n.String(), fmt.Sprintf("%s: invalid %s %s: want a whole number from %d to %d", name, name, n, lo, hi))
	}
	return int(v), nil
}

func patternArg(a args) (*regexp.Regexp, error) {
	p := a.str("pattern")
	if utf8.RuneCountInString(p) > maxPattern {
		return nil, invalid(p, fmt.Sprintf("pattern: %s is longer than %d characters", tmux.Quote(p), maxPattern))
	}
	re, err := regexp.Compile(p)
	if err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, ": "); i >= 0 {
			msg = msg[:i] // the SDK-free part; the value is named below
		}
		return nil, invalid(p, fmt.Sprintf("pattern: %s is not an RE2 regular expression (%s)", tmux.Quote(p), msg))
	}
	return re, nil
}

type cursorView struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type captureView struct {
	Pane      tmux.PaneID `json:"pane"`
	Width     int         `json:"width"`
	Height    int         `json:"height"`
	Cursor    cursorView  `json:"cursor"`
	Mode      string      `json:"mode"`
	Dead      bool        `json:"dead"`
	FirstLine int         `json:"first_line"`
	Lines     []string    `json:"lines"`
	Truncated bool        `json:"truncated"`
	Capped    bool        `json:"capped,omitempty"`
}

func (h *handlers) capturePane(ctx context.Context, a args) (string, any, error) {
	pane, err := tmux.ParsePaneID(a.str("pane"))
	if err != nil {
		return "", nil, argErr("pane", err)
	}
	lines, err := intArg(a, "lines", 1, 10_000, 0)
	if err != nil {
		return "", nil, err
	}
	var end *int
	if _, ok := a["end_line"].(json.Number); ok {
		if lines == 0 {
			return "", nil, invalid("", "end_line: give lines too: end_line ends the lines asked for")
		}
		n, err := intArg(a, "end_line", -tmuxctl.MaxBack, 10_000, 0)
		if err != nil {
			return "", nil, err
		}
		end = &n
	}
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	s, err := h.read.Capture(ctx, pane, lines, end)
	if err != nil {
		return "", nil, err
	}
	v := captureView{Pane: s.Pane, Width: s.Width, Height: s.Height, Cursor: cursorView{s.CursorX, s.CursorY},
		Mode: s.Mode, Dead: s.Dead, FirstLine: s.First, Lines: s.Lines, Truncated: s.Truncated, Capped: s.Capped}
	head := fmt.Sprintf("%s, %dx%d, lines %d to %d", s.Pane, s.Width, s.Height, s.First, s.First+len(s.Lines)-1)
	if s.Mode != "" {
		head += ", in " + s.Mode
	}
	if s.Capped {
		head += fmt.Sprintf(" (capped at 256 KiB: the lines above come with end_line %d)", s.First-1)
	}
	return head + ":\n" + strings.Join(s.Lines, "\n"), v, nil
}

type matchView struct {
	Pane      tmux.PaneID    `json:"pane"`
	WindowID  tmux.WindowID  `json:"window_id"`
	SessionID tmux.SessionID `json:"session_id"`
	Line      int            `json:"line"`
	Text      string         `json:"text"`
}

type searchView struct {
	Matches   []matchView `json:"matches"`
	Panes     int         `json:"panes_searched"`
	Truncated bool        `json:"truncated"`
}

func (h *handlers) searchPanes(ctx context.Context, a args) (string, any, error) {
	re, err := patternArg(a)
	if err != nil {
		return "", nil, err
	}
	history, err := intArg(a, "lines", 1, 10_000, searchHistory)
	if err != nil {
		return "", nil, err
	}
	r, err := parseListArgs(a, tmuxctl.ScopeServer)
	if err != nil {
		return "", nil, err
	}
	r.limit = maxListLimit
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	l, err := h.listing(ctx, r, h.caller(ctx))
	if err != nil {
		return "", nil, err
	}
	f, err := h.read.Search(ctx, l, re, history, maxMatches)
	if err != nil {
		return "", nil, err
	}
	v := searchView{Matches: []matchView{}, Panes: f.Panes, Truncated: f.Truncated}
	var b strings.Builder
	fmt.Fprintf(&b, "%s in %s searched", plural.Count(len(f.Matches), "matching line", "matching lines"), plural.Count(f.Panes, "pane", "panes"))
	if f.Truncated {
		fmt.Fprintf(&b, " (more than %d: the rest left out)", maxMatches)
	}
	b.WriteString(":")
	for _, m := range f.Matches {
		v.Matches = append(v.Matches, matchView(m))
		fmt.Fprintf(&b, "\n%s line %d: %s", m.Pane, m.Line, m.Text)
	}
	return b.String(), v, nil
}

type waitView struct {
	Pane     tmux.PaneID `json:"pane"`
	Matched  bool        `json:"matched"`
	Line     *int        `json:"line"`
	Text     *string     `json:"text"`
	Dead     bool        `json:"dead"`
	WaitedMS int64       `json:"waited_ms"`
}

func (h *handlers) waitForText(ctx context.Context, a args) (string, any, error) {
	pane, err := tmux.ParsePaneID(a.str("pane"))
	if err != nil {
		return "", nil, argErr("pane", err)
	}
	re, err := patternArg(a)
	if err != nil {
		return "", nil, err
	}
	ms, err := intArg(a, "timeout_ms", 1, 60_000, 10_000)
	if err != nil {
		return "", nil, err
	}
	if err := h.tmux.check(ctx); err != nil {
		return "", nil, err
	}
	start := time.Now()
	progress := h.progress(ctx, start, ms, func(looks int) string {
		return fmt.Sprintf("waiting for %s in %s: %s, no match yet", tmux.Quote(re.String()), pane, plural.Count(looks, "look", "looks"))
	})
	w, err := h.read.Wait(ctx, pane, re, time.Duration(ms)*time.Millisecond, progress)
	if err != nil {
		return "", nil, err
	}
	v := waitView{Pane: pane, Matched: w.Matched, Dead: w.Dead, WaitedMS: time.Since(start).Milliseconds()}
	switch {
	case w.Matched:
		v.Line, v.Text = &w.Line, &w.Text
		return fmt.Sprintf("%s matched at line %d after %d ms: %s", pane, w.Line, v.WaitedMS, w.Text), v, nil
	case w.Dead:
		return fmt.Sprintf("%s: its program exited without a line matching %s", pane, tmux.Quote(re.String())), v, nil
	}
	return fmt.Sprintf("%s: no line matched %s within %d ms", pane, tmux.Quote(re.String()), ms), v, nil
}

// progress is a wait's progress callback when the call asked for
// notifications (a progress token), else nil. Progress is the time waited,
// in milliseconds to the microsecond, up to the timeout ms; it must
// increase with each notification, so a look that would not advance it
// (two looks in one microsecond, or past the timeout) sends none, and a
// client hears at most every progressEvery however often the wait looks
// (from tmux 3.7 it looks each time a pane prints).
func (h *handlers) progress(ctx context.Context, start time.Time, ms int, message func(looks int) string) func(int) {
	req, ok := ctx.Value(requestKey{}).(*sdkmcp.CallToolRequest)
	if !ok || req.Params.GetProgressToken() == nil {
		return nil
	}
	token := req.Params.GetProgressToken()
	var last float64
	var sent time.Time
	return func(looks int) {
		p := min(float64(time.Since(start).Microseconds())/1000, float64(ms))
		if p <= last || !sent.IsZero() && time.Since(sent) < progressEvery {
			return
		}
		last, sent = p, time.Now()
		_ = req.Session.NotifyProgress(ctx, &sdkmcp.ProgressNotificationParams{ProgressToken: token,
			Progress: p, Total: float64(ms), Message: message(looks)})
	}
}

// progressEvery is the most often a wait tells its client how it goes.
const progressEvery = 250 * time.Millisecond

// requestKey carries the call's request in its context, for a tool that
// talks back to the client while it runs (progress).
type requestKey struct{}
