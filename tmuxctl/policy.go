package tmuxctl

import (
	"context"
	"fmt"
)

// ControlPolicy says when AutoTransport may use a control-mode connection.
type ControlPolicy int

const (
	// ControlAuto uses control mode on tmux versions where connecting a
	// control client is safe (SafeControlVersion and newer), and tmux
	// processes elsewhere.
	ControlAuto ControlPolicy = iota
	// ControlAlways uses control mode on any tmux that supports it.
	ControlAlways
	// ControlNever always runs tmux processes.
	ControlNever
)

// SafeControlVersion is the first tmux panemap connects a control client
// to by default. Before it, tmux's control-mode notifications go to every
// client flagged as control mode, including one still in the middle of
// connecting, whose control state does not exist yet: a focus change or
// a session change anywhere on the server at that moment crashes the
// whole server (control_write on a NULL control_state; reproduced here on
// 3.3a and 3.5a by connecting while panes are swapped). Newer tmux checks
// that the client has finished connecting.
var SafeControlVersion = Version{Raw: "3.6", Major: 3, Minor: 6}

// ParseControlPolicy reads "auto", "always" or "never" ("" is auto).
func ParseControlPolicy(s string) (ControlPolicy, error) {
	switch s {
	case "", "auto":
		return ControlAuto, nil
	case "always":
		return ControlAlways, nil
	case "never":
		return ControlNever, nil
	}
	return ControlAuto, &Error{Kind: KindInvalidInput, Value: s, Message: fmt.Sprintf("invalid control-mode policy %s: want auto, always or never", Quote(s))}
}

// allows reports, as a KindUnsupported error, why control mode is not to
// be used; nil means go ahead.
func (p ControlPolicy) allows(ctx context.Context, binary string, v Version) error {
	switch p {
	case ControlAlways:
		return nil
	case ControlNever:
		return &Error{Kind: KindUnsupported, Message: "control mode is turned off"}
	}
	if v.Raw == "" {
		var err error
		if v, err = TmuxVersion(ctx, binary); err != nil {
			return err
		}
	}
	if !v.AtLeast(SafeControlVersion.Major, SafeControlVersion.Minor) {
		return &Error{Kind: KindUnsupported, Value: v.Raw, Message: fmt.Sprintf(
			"tmux %s can crash when a control-mode client connects; using tmux processes (tmux %s or newer, or PANEMAP_CONTROL=always, enables control mode)", v, SafeControlVersion)}
	}
	return nil
}
