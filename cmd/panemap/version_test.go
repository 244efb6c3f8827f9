package main

import (
	"runtime/debug"
	"testing"
)

// The stamped version (-ldflags -X main.version) is checked on the release
// build itself: internal/releasetest installs it and runs panemap -V.
func TestModuleVersion(t *testing.T) {
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.1.0"}}, true, "v0.1.0"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true, ""},
		{&debug.BuildInfo{}, true, ""},
		{nil, false, ""},
	} {
		if got := moduleVersion(tc.bi, tc.ok); got != tc.want {
			t.Errorf("moduleVersion(%+v, %v) = %q, want %q", tc.bi, tc.ok, got, tc.want)
		}
	}
}
