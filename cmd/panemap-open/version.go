package main

import "runtime/debug"

// version is the release's version, stamped as panemap's is (-ldflags
// "-X main.version=0.1.0"); panemap doctor shows the resident's.
var version = ""

// versionString is as panemap -V says it.
func versionString() string {
	if version != "" {
		return "panemap " + version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return "panemap " + bi.Main.Version
	}
	return "panemap (devel)"
}
