package main

import (
	"context"
	"os"
	"runtime"

	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/resident/supervise"
	"github.com/panemap/panemap/tmuxctl"
)

// residentOption turns the resident off (the plugin reads it as it loads).
const residentOption = "@panemap-resident"

// resident says whether the server's resident runs, its version and its
// socket, and why the key does without it when it does.
func (d *doctor) resident(ctx context.Context, client *tmuxctl.Client) {
	_, path, err := client.ServerProcess(ctx)
	if err != nil {
		d.info("resident: cannot read the server's socket: %v", err)
		return
	}
	opts, _ := client.UserOptions(ctx, "", []string{residentOption})
	st := supervise.ReadStatus(path)
	switch {
	case opts[residentOption] == "off":
		d.ok("resident: off (%s off): the key runs panemap in the popup", residentOption)
	case runtime.GOOS != "linux":
		d.ok("resident: Linux only: the key runs panemap in the popup")
	case st.Running:
		idle := "an idle navigator ready"
		if !st.Ready {
			idle = "an idle navigator starting"
		}
		d.ok("resident: running, pid %d, %s, %s so far, %s; socket %s", st.PID, st.Version, plural.Count(st.Opens, "open", "opens"), idle, st.Socket)
		if st.Version != versionString() {
			d.info("resident: it is %s, this is %s: the next key press replaces it", st.Version, versionString())
		}
	default:
		d.info("resident: not running (socket %s): the key's panemap-open starts it, or the plugin as it loads", st.Socket)
	}
	if exe, err := os.Executable(); err == nil && opts[residentOption] != "off" && runtime.GOOS == "linux" && opener(exe, opts) == exe {
		d.info("resident: no panemap-open beside %s: the plugin's key runs panemap itself", exe)
	}
}
