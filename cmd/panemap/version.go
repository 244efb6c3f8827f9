package main

import (
	"cmp"
	"runtime/debug"
)

// version is the release's version, stamped by the release build
// (goreleaser, and the tests' snapshot) with
// -ldflags "-X main.version=0.1.0". Empty in any other build.
var version = ""

// versionString is what panemap -V prints: the stamped version, else the
// module version Go recorded (go install …@v0.1.0 records v0.1.0), else
// (devel), as a build from a checkout records it.
func versionString() string {
	return "panemap " + cmp.Or(version, moduleVersion(debug.ReadBuildInfo()), "(devel)")
}

// moduleVersion is the main module's version in bi, "" when Go recorded
// none (or only "(devel)").
func moduleVersion(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi.Main.Version == "(devel)" {
		return ""
	}
	return bi.Main.Version
}
