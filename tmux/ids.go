package tmux

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// PaneID is a canonical tmux pane id: "%" followed by decimal digits with no
// leading zeros. tmux accepts "%01", "%+1" and "% 1" as "%1"; accepting only
// the canonical spelling gives every pane exactly one name.
type PaneID string

// WindowID is a canonical tmux window id, "@" and digits.
type WindowID string

// SessionID is a canonical tmux session id, "$" and digits.
type SessionID string

// maxIDLen bounds the id itself; tmux ids are unsigned ints.
const maxIDLen = 11

// ParsePaneID validates s as a pane id. The error names the value (quoted
// and shortened so that hostile text cannot forge log lines).
func ParsePaneID(s string) (PaneID, error) {
	if err := checkID(s, '%', "pane"); err != nil {
		return "", err
	}
	return PaneID(s), nil
}

// ParseWindowID validates s as a window id.
func ParseWindowID(s string) (WindowID, error) {
	if err := checkID(s, '@', "window"); err != nil {
		return "", err
	}
	return WindowID(s), nil
}

// ParseSessionID validates s as a session id.
func ParseSessionID(s string) (SessionID, error) {
	if err := checkID(s, '$', "session"); err != nil {
		return "", err
	}
	return SessionID(s), nil
}

func checkID(s string, sigil byte, what string) error {
	var problem string
	switch {
	case len(s) < 2 || s[0] != sigil || strings.Trim(s[1:], "0123456789") != "":
		problem = fmt.Sprintf("want %c followed by digits, like %c1", sigil, sigil)
	case len(s) > 2 && s[1] == '0':
		problem = fmt.Sprintf("want %c followed by digits with no leading zero, like %c1", sigil, sigil)
	case len(s) <= maxIDLen && inRange(s[1:]):
		return nil
	default:
		problem = fmt.Sprintf("the number is out of range: tmux's %s ids go up to %c%d", what, sigil, uint64(math.MaxUint32))
	}
	return &Error{
		Kind:    KindInvalidInput,
		Value:   s,
		Message: fmt.Sprintf("invalid %s id %s: %s", what, Quote(s), problem),
	}
}

// inRange reports whether decimal digits fit an unsigned int, as tmux
// reads an id (strtonum to UINT_MAX in window_find_by_id_str,
// window_pane_find_by_id_str and session_find_by_id_str).
func inRange(digits string) bool {
	_, err := strconv.ParseUint(digits, 10, 32)
	return err == nil
}

// Num is the number after the sigil.
func (p PaneID) Num() int { return idNum(string(p)) }

// maxQuoted is how much of a hostile value an error message repeats.
const maxQuoted = 64

// Quote renders a client-supplied value for a one-line message: Go-quoted
// (so newlines, NULs and invalid UTF-8 show as escapes, never as raw bytes)
// and cut to a readable length with the original size noted.
func Quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	cut := maxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("… (%d bytes)", len(s))
}

// ParseTarget checks a tmux target given on panemap's own command line
// (-t SESSION:WINDOW, as tmux spells it). Unlike ids from MCP clients, the
// person at the keyboard may use tmux's target syntax; what is refused is
// anything that could end a command or start another: control characters,
// a trailing ';', a leading '-', and absurd lengths.
func ParseTarget(s string) (string, error) {
	bad := s == "" || len(s) > 256 || strings.HasPrefix(s, "-") || strings.HasSuffix(s, ";") || !utf8.ValidString(s)
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			bad = true
		}
	}
	if bad {
		return "", &Error{Kind: KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid tmux target %s", Quote(s))}
	}
	return s, nil
}

// Num is the number after the sigil.
func (s SessionID) Num() int { return idNum(string(s)) }

// Num is the number after the sigil.
func (w WindowID) Num() int { return idNum(string(w)) }

func idNum(id string) int {
	if id == "" {
		return 0
	}
	n, _ := strconv.Atoi(id[1:])
	return n
}
