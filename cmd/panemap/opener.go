package main

import (
	"os"
	"path/filepath"
	"runtime"
)

// opener is the program a popup or modal pane opened by panemap runs: as
// for the plugin's key (panemap.tmux), panemap-open beside this binary
// exe, which hands its terminal to the server's resident and runs exe
// itself when it cannot, on Linux, with @panemap-resident not off
// (options: as read from tmux) and panemap-open there; otherwise exe.
func opener(exe string, options map[string]string) string {
	if runtime.GOOS != "linux" || options[residentOption] == "off" {
		return exe
	}
	open := filepath.Join(filepath.Dir(exe), "panemap-open")
	if fi, err := os.Stat(open); err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return exe
	}
	return open
}
