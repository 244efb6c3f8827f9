package tmux

import (
	"fmt"
	"time"
)

// ControlPolicy says when panemap (the Auto transport) may use a control-mode connection.
type ControlPolicy int

const (
	// ControlAuto uses control mode on tmux versions where a control
	// client cannot crash the server (SafeControlVersion and newer), and
	// tmux processes elsewhere.
	ControlAuto ControlPolicy = iota
	// ControlAlways uses control mode on any tmux that supports it.
	ControlAlways
	// ControlNever always runs tmux processes.
	ControlNever
)

// SafeControlVersion is the first tmux panemap connects a control client
// to by default. Before it, tmux sends control-mode notifications to every
// client flagged as control mode, including one still in the middle of
// connecting, whose control state does not exist yet: a focus change or a
// session change anywhere on the server at that moment crashes the whole
// server (control_write on a NULL control_state). Upstream fixed it in
// e5a2a25 and 31c93c4, first released in 3.7; 3.6, 3.6a and 3.6b still
// crash (reproduced on 3.2a, 3.3a, 3.4, 3.5a and 3.6b).
var SafeControlVersion = Version{Raw: "3.7", Major: 3, Minor: 7}

// AttachedControlVersion is the first tmux release on which panemap keeps
// a control client attached while idle. Every release up to 3.7c lacks
// upstream 035447b: a session-window-changed notification deferred past
// the destruction of its session dereferences a NULL window and crashes
// the server whenever any control client is attached (upstream issue
// 5243; one command list that changes a session's window and then kills
// the session does it). There, panemap attaches only while it works.
var AttachedControlVersion = Version{Raw: "3.8", Major: 3, Minor: 8}

// ControlIdle is how long the Auto transport keeps a control client attached
// after its last command on a tmux that lacks the 035447b fix, when no one
// listens to events. Long enough that a burst of calls shares one
// connection (connecting costs about 2 ms), short enough that an idle
// agent leaves nothing attached.
const ControlIdle = 3 * time.Second

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

// ControlPlan is how panemap talks to one tmux under one policy.
type ControlPlan struct {
	// Control is true when a control-mode client is used; false means one
	// tmux process per call.
	Control bool
	// Idle, when non-zero, is how long the control client stays attached
	// after the last command while nothing listens to events.
	Idle time.Duration
	// Why says in one sentence why this connection was chosen.
	Why string
	// Crash names the known tmux server crash that control clients can
	// trigger on this version, or is empty.
	Crash string
}

// Known tmux crashes that a control client exposes a server to.
const (
	CrashConnectRace          = "a control client connecting while another client changes panes can crash the server (fixed in tmux 3.7: upstream e5a2a25, 31c93c4)"
	CrashDeferredWindowChange = "with a control client attached, a window change and the destruction of its session in one command list crash the server (fixed after 3.7c: upstream 035447b, issue 5243)"
)

// knownCrash is the crash control mode risks on v ("" for none known).
// A development build ("next-3.8") is judged as the release before it,
// since a snapshot may predate the fix its final release has.
func knownCrash(v Version) string {
	major, minor := v.Major, v.Minor
	if v.Dev && major > 0 && minor > 0 {
		minor--
	}
	at := Version{Major: major, Minor: minor}
	switch {
	case !v.Upstream():
		// A version spelled some other way may be any release: assume
		// the oldest behaviour.
		return CrashConnectRace
	case v.Dev && v.Major == 0:
		// "tmux master" says nothing of its age: assume the newest
		// released behaviour that is known to need care.
		return CrashDeferredWindowChange
	case !at.AtLeast(SafeControlVersion.Major, SafeControlVersion.Minor):
		return CrashConnectRace
	case !at.AtLeast(AttachedControlVersion.Major, AttachedControlVersion.Minor):
		return CrashDeferredWindowChange
	}
	return ""
}

// PlanControl decides the connection for tmux v under policy p.
func PlanControl(p ControlPolicy, v Version) ControlPlan {
	crash := knownCrash(v)
	switch p {
	case ControlNever:
		return ControlPlan{Why: "PANEMAP_CONTROL=never: a tmux process per call", Crash: crash}
	case ControlAlways:
		plan := ControlPlan{Control: true, Why: fmt.Sprintf("PANEMAP_CONTROL=always: control mode on tmux %s, whatever the risk", v), Crash: crash}
		if crash == CrashDeferredWindowChange {
			plan.Idle = ControlIdle
		}
		return plan
	}
	switch crash {
	case CrashConnectRace:
		if !v.Upstream() {
			return ControlPlan{Crash: crash, Why: fmt.Sprintf(
				"tmux %s is not spelled as upstream spells its releases, so panemap cannot tell whether a control-mode client is safe there and runs one tmux process per call (PANEMAP_CONTROL=always forces control mode)", v)}
		}
		return ControlPlan{Crash: crash, Why: fmt.Sprintf(
			"tmux %s can crash when a control-mode client connects, so panemap runs one tmux process per call (control mode from tmux %s; PANEMAP_CONTROL=always forces it)", v, SafeControlVersion)}
	case CrashDeferredWindowChange:
		return ControlPlan{Control: true, Idle: ControlIdle, Crash: crash, Why: fmt.Sprintf(
			"control mode, attached only while panemap works (detached after %s idle): tmux %s can crash while any control client is attached", ControlIdle, v)}
	}
	return ControlPlan{Control: true, Why: fmt.Sprintf("control mode: one persistent connection (tmux %s)", v)}
}
