package tmux_test

import (
	"testing"

	"github.com/panemap/panemap/tmux"
)

// TestControlModeLine pins where the default connection changes, by the
// tmux crashes a control client exposes a server to: none below 3.7 (the
// connect race: upstream e5a2a25/31c93c4 are first in 3.7), attached only
// while working on 3.7 to 3.7c (upstream 035447b is in no release up to
// 3.7c), attached for good from 3.8. A development build counts as the
// release before it.
func TestControlModeLine(t *testing.T) {
	t.Parallel()
	if v := tmux.SafeControlVersion; !v.AtLeast(3, 7) {
		t.Fatalf("SafeControlVersion %s is below 3.7: 3.6b and older crash when a control client connects", v)
	}
	for _, tc := range []struct {
		version   string
		control   bool
		idle      bool
		crashWant string
	}{
		{"tmux 3.2a", false, false, tmux.CrashConnectRace},
		{"tmux 3.3a", false, false, tmux.CrashConnectRace},
		{"tmux 3.4", false, false, tmux.CrashConnectRace},
		{"tmux 3.5a", false, false, tmux.CrashConnectRace},
		{"tmux 3.6", false, false, tmux.CrashConnectRace},
		{"tmux 3.6b", false, false, tmux.CrashConnectRace},
		{"tmux next-3.7", false, false, tmux.CrashConnectRace},
		{"tmux 3.7", true, true, tmux.CrashDeferredWindowChange},
		{"tmux 3.7c", true, true, tmux.CrashDeferredWindowChange},
		{"tmux next-3.8", true, true, tmux.CrashDeferredWindowChange},
		{"tmux master", true, true, tmux.CrashDeferredWindowChange},
		{"tmux 3.8", true, false, ""},
		{"tmux 4.0", true, false, ""},
		// A distribution's own spelling says nothing of the release
		// (OpenBSD's tmux 3.4 prints openbsd-7.5): the worst is assumed.
		{"tmux openbsd-7.5", false, false, tmux.CrashConnectRace},
	} {
		v, _ := tmux.ParseVersion(tc.version)
		plan := tmux.PlanControl(tmux.ControlAuto, v)
		if plan.Control != tc.control || (plan.Idle > 0) != tc.idle || plan.Crash != tc.crashWant {
			t.Errorf("%s: plan %+v, want control=%v idle=%v crash=%q", tc.version, plan, tc.control, tc.idle, tc.crashWant)
		}
		if plan.Why == "" {
			t.Errorf("%s: the plan does not say why", tc.version)
		}
		if never := tmux.PlanControl(tmux.ControlNever, v); never.Control {
			t.Errorf("%s: PANEMAP_CONTROL=never still uses control mode", tc.version)
		}
		if always := tmux.PlanControl(tmux.ControlAlways, v); !always.Control || always.Crash != tc.crashWant {
			t.Errorf("%s: PANEMAP_CONTROL=always: %+v", tc.version, always)
		}
	}
}
