package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/panemap/panemap/resident"
	"github.com/panemap/panemap/resident/wire"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/ui"
)

func residentCommand() command {
	return command{
		name:    "resident",
		summary: "keep a warm navigator ready for the plugin's popup key (panemap-open starts it)",
		about: `One per tmux server, until the server exits (the plugin starts it in the background as it
loads, and panemap-open at a key press that finds none): it keeps one idle navigator process,
started and warmed before the key press, which panemap-open (the plugin's popup, with
@panemap-resident on) hands its terminal to. It needs panemap-open beside panemap, and runs as
panemap-open --resident. Linux only. panemap doctor says whether it runs. Off: set -g
@panemap-resident off, and reload the plugin.`,
		define: func(fs *flag.FlagSet) runFunc {
			worker := fs.Bool("worker", false, "serve one open as the resident's idle worker (the resident starts it)")
			hide(fs, "worker")
			return func(ctx context.Context, g *globals, args []string) int {
				if len(args) > 0 {
					return usageError(g, fmt.Errorf("unexpected argument %s", tmux.Quote(args[0])))
				}
				if *worker {
					return runWorker(ctx, g)
				}
				return runResident(ctx, g)
			}
		},
	}
}

// runResident starts the resident's supervisor for the server: it asks
// tmux once (one process, no control client) for the server's process and
// socket, then becomes panemap-open --resident, the supervisor, which
// runs in that small program rather than in this one.
func runResident(ctx context.Context, g *globals) int {
	exe, err := os.Executable()
	if err != nil {
		return fail(g, err)
	}
	open := filepath.Join(filepath.Dir(exe), "panemap-open")
	if _, err := os.Stat(open); err != nil {
		return fail(g, fmt.Errorf("the resident needs panemap-open beside panemap: %w", err))
	}
	client := g.deferredClient()
	pid, path, err := client.ServerProcess(ctx)
	client.Close()
	if err != nil {
		return fail(g, err)
	}
	argv := []string{open, "--resident", "-S", path, "--server-pid", strconv.Itoa(pid)}
	return fail(g, syscall.Exec(open, argv, os.Environ()))
}

// runWorker is one idle worker: warm, then one open's navigator.
func runWorker(ctx context.Context, g *globals) int {
	build, err := wire.BuildID("/proc/self/exe")
	if err != nil {
		return fail(g, err)
	}
	w := resident.Worker{
		Build: build,
		Warm:  warmNavigator,
		Navigate: func(ctx context.Context, args []string, stdin *os.File, stdout, stderr io.Writer) int {
			return run(ctx, args, stdin, stdout, stderr, os.Getenv)
		},
	}
	code, err := w.Serve(ctx)
	// Idle, it ends with its supervisor (the listener closed) or with a
	// client of another build: nothing to report.
	if err != nil && !errors.Is(err, net.ErrClosed) && !errors.Is(err, context.Canceled) {
		return fail(g, err)
	}
	return code
}

// warmNavigator makes the first frame of the navigator cheaper: the
// runtime set as the navigator sets it, and a throwaway map drawn
// off-screen about the size of a popup.
func warmNavigator() {
	navigatorRuntime()
	ui.Warm(warmState(warmWidth, warmHeight), warmWidth, warmHeight, os.Environ())
}

// warmState is a session of one window split in four.
func warmState(width, height int) *tmux.State {
	w := &tmux.Window{ID: "@0", Name: "warm", SessionID: "$0", SessionName: "warm", Width: width, Height: height, Active: true}
	hw, hh := width/2, height/2
	for i, at := range [][2]int{{0, 0}, {hw + 1, 0}, {0, hh + 1}, {hw + 1, hh + 1}} {
		w.Panes = append(w.Panes, tmux.Pane{
			ID: tmux.PaneID("%" + strconv.Itoa(i)), Index: i, WindowID: "@0", Active: i == 0, DeadStatus: -1,
			Left: at[0], Top: at[1], Width: hw, Height: hh,
		})
	}
	return &tmux.State{Session: "$0", SessionName: "warm", Windows: []*tmux.Window{w}, Current: "@0"}
}

// The warm-up map's size: the popup's share (80% by 75%) of a common
// terminal.
const (
	warmWidth  = 160
	warmHeight = 45
)
