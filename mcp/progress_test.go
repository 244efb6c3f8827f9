package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/mcp"
)

// progressLog records the progress notifications a client receives, in the
// order it handles them (the SDK's client handles notifications one at a
// time, in the order they arrive).
type progressLog struct {
	mu  sync.Mutex
	got []sdkmcp.ProgressNotificationParams
}

func (l *progressLog) handle(_ context.Context, req *sdkmcp.ProgressNotificationClientRequest) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.got = append(l.got, *req.Params)
}

// all is every notification received so far.
func (l *progressLog) all() []sdkmcp.ProgressNotificationParams {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]sdkmcp.ProgressNotificationParams(nil), l.got...)
}

// of is the notifications that carry token.
func (l *progressLog) of(token string) []sdkmcp.ProgressNotificationParams {
	var out []sdkmcp.ProgressNotificationParams
	for _, n := range l.all() {
		if n.ProgressToken == token {
			out = append(out, n)
		}
	}
	return out
}

type callResult struct {
	res *sdkmcp.CallToolResult
	err error
}

// callInBackground starts a tool call and returns a function that waits
// for its answer (20 s at most, against a hang) and checks that it
// succeeded with want in its text: the wait's line, printed meanwhile.
func callInBackground(t *testing.T, f *fixture, params *sdkmcp.CallToolParams) (answered func(want string)) {
	done := make(chan callResult, 1)
	go func() {
		res, err := f.cs.CallTool(t.Context(), params)
		done <- callResult{res, err}
	}()
	return func(want string) {
		t.Helper()
		select {
		case r := <-done:
			if r.err != nil || r.res.IsError || !strings.Contains(resultText(r.res), want) {
				t.Fatalf("%s for %s: %v %+v", params.Name, want, r.err, r.res)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("the wait did not end once the pane printed %s", want)
		}
	}
}

// TestWaitForTextProgress: a wait_for_text call with a progress token gets
// notifications with that token while it waits, their progress (the time
// waited) increasing up to the call's timeout; a call without a token gets
// none. The pane prints the awaited line only after the client has had
// two notifications, so they cannot be missing because the wait ended at
// its first look (it notifies after each look that finds nothing: 4 times
// a second below tmux 3.7, at least once a second from 3.7).
func TestWaitForTextProgress(t *testing.T) {
	t.Parallel()
	var log progressLog
	f := startClient(t, tmuxtest.Start(t, 0, 0), mcp.Options{},
		&sdkmcp.ClientOptions{ProgressNotificationHandler: log.handle})
	f.srv.Must("respawn-pane", "-k", "-t", "main:0", "exec cat")
	p := f.srv.Display("main:0", "#{pane_id}")

	const timeout = 30_000
	params := &sdkmcp.CallToolParams{Name: "wait_for_text",
		Arguments: obj("pane", p, "pattern", `^BUILD (OK|FAILED)$`, "timeout_ms", timeout)}
	params.SetProgressToken("build-1")
	answered := callInBackground(t, f, params)
	tmuxtest.Eventually(t, 10*time.Second, func() bool { return len(log.of("build-1")) >= 2 },
		"two progress notifications with the token while the pane shows nothing")
	f.srv.Must("send-keys", "-t", p, "-l", "BUILD OK\n")
	answered("BUILD OK")

	got := log.of("build-1")
	if all := log.all(); len(all) != len(got) {
		t.Errorf("%d notifications, %d of them with the call's token: %+v", len(all), len(got), all)
	}
	last := -1.0
	for i, n := range got {
		if n.Progress <= last {
			t.Errorf("notification %d: progress %v after %v; want it to increase", i, n.Progress, last)
		}
		if i > 0 && n.Progress-last < spacedMS {
			t.Errorf("notification %d: %v ms after the last; want at most one every 250 ms", i, n.Progress-last)
		}
		last = n.Progress
		if n.Total != timeout || n.Progress < 0 || n.Progress > n.Total {
			t.Errorf("notification %d: progress %v of %v; want 0 to %d of %d", i, n.Progress, n.Total, timeout, timeout)
		}
		if !strings.Contains(n.Message, p) || !strings.Contains(n.Message, "BUILD") {
			t.Errorf("notification %d: message %q does not name the pane and the pattern", i, n.Message)
		}
	}

	// Without a token: a wait that looks several times and never matches.
	// A call with a token after it is the barrier: once the client has its
	// notifications, it has handled everything the server sent before.
	before := len(log.all())
	var w struct {
		Matched bool `json:"matched"`
	}
	f.ok(t, "wait_for_text", obj("pane", p, "pattern", "never", "timeout_ms", 1500), &w)
	if w.Matched {
		t.Fatalf("never matched: %+v", w)
	}
	// The barrier waits for a line that the test prints once the wait has
	// told its first look: a short timeout could run out before the first
	// look on a busy machine, and then the wait tells nothing.
	after := &sdkmcp.CallToolParams{Name: "wait_for_text", Arguments: obj("pane", p, "pattern", "^BARRIER$", "timeout_ms", timeout)}
	after.SetProgressToken("after")
	answered = callInBackground(t, f, after)
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return len(log.of("after")) >= 1 },
		"a notification for the call with a token")
	f.srv.Must("send-keys", "-t", p, "-l", "BARRIER\n")
	answered("BARRIER")
	for _, n := range log.all()[before:] {
		if n.ProgressToken != "after" {
			t.Errorf("a call without a progress token: got %+v", n)
		} else if n.Total != timeout || n.Progress > n.Total {
			t.Errorf("progress %v of %v; want at most %d of %d", n.Progress, n.Total, timeout, timeout)
		}
	}
}

// spacedMS is how far apart in the time waited (a notification's progress)
// two notifications are at least: one every 250 ms, less a microsecond of
// rounding.
const spacedMS = 249.99

// TestWaitForTextProgressBusyPane: a pane that prints all the time wakes a
// wait at each output from tmux 3.7, but its client hears at most every
// 250 ms of the wait (read from the progress, the time waited). The pane
// prints until the test has heard three notifications, then prints the
// line the wait is for: a wait of a fixed length may have looked only once
// on a busy machine.
func TestWaitForTextProgressBusyPane(t *testing.T) {
	t.Parallel()
	var log progressLog
	f := startClient(t, tmuxtest.Start(t, 0, 0), mcp.Options{},
		&sdkmcp.ClientOptions{ProgressNotificationHandler: log.handle})
	stop := filepath.Join(t.TempDir(), "stop")
	f.srv.Must("respawn-pane", "-k", "-t", "main:0",
		"exec sh -c 'while [ ! -e "+stop+" ]; do echo tick; sleep 0.005; done; echo DONE; exec cat'")
	p := f.srv.Display("main:0", "#{pane_id}")
	const timeout = 30_000
	params := &sdkmcp.CallToolParams{Name: "wait_for_text", Arguments: obj("pane", p, "pattern", "^DONE$", "timeout_ms", timeout)}
	params.SetProgressToken("busy")
	answered := callInBackground(t, f, params)
	tmuxtest.Eventually(t, 20*time.Second, func() bool { return len(log.of("busy")) >= 3 },
		"three progress notifications while the pane prints")
	if err := os.WriteFile(stop, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	answered("DONE")
	got := log.of("busy")
	for i := 1; i < len(got); i++ {
		if d := got[i].Progress - got[i-1].Progress; d < spacedMS {
			t.Errorf("notification %d: %v ms after the one before; want at most one every 250 ms (%d in all)", i, d, len(got))
		}
	}
}
