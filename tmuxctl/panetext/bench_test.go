package panetext_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/internal/tmuxtest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/panetext"
)

// benchClient is a client over the transport panemap uses on this tmux.
func benchClient(b *testing.B) (*tmuxtest.Server, *tmuxctl.Client) {
	b.Helper()
	srv := tmuxtest.Start(b, 200, 50)
	kind := clienttest.DefaultKind()
	c := clienttest.Exec(b, srv.Name, tmux.Env{})
	if kind == "control" {
		c = tmuxctl.NewClient(clienttest.Auto(b, tmux.Socket{Name: srv.Name, Source: "-L"}), tmux.Env{})
	}
	b.Logf("tmux %s over %s", srv.Version(), kind)
	return srv, c
}

// BenchmarkCapturePane: capture_pane of a full 200x50 pane.
func BenchmarkCapturePane(b *testing.B) {
	srv, c := benchClient(b)
	srv.Must("respawn-pane", "-k", "-t", "main:0", `yes '\033[1;32m0123456789 colour text\033[0m 漢字 abcdefghijklmnopqrstuvwxyz 0123456789 0123456789 0123456789 0123456789 0123456789 0123456789 0123456789 012345678' | head -200; exec cat`)
	p := tmux.PaneID(srv.Display("main:0", "#{pane_id}"))
	r := panetext.New(c)
	for b.Loop() {
		if s, err := r.Capture(b.Context(), p, 0, nil); err != nil || len(s.Lines) != 50 {
			b.Fatal(err)
		}
	}
}

// BenchmarkSearchPanes: a search over 50 panes of 1,000 lines of history.
func BenchmarkSearchPanes(b *testing.B) {
	srv, c := benchClient(b)
	for i := range 50 {
		w := fmt.Sprintf("main:%d", i)
		cmd := fmt.Sprintf("seq -f 'pane-%d line %%g of the build output' 1 1050; exec cat", i)
		if i == 0 {
			srv.Must("respawn-pane", "-k", "-t", w, cmd)
		} else {
			srv.Must("new-window", "-d", "-t", w, cmd)
		}
	}
	tmuxtest.Eventually(b, 20*time.Second, func() bool {
		return strings.Count(srv.Must("list-panes", "-a", "-F", "#{history_size}"), "1001") == 50
	}, "50 panes of 1,000 lines of history")
	l, err := c.List(b.Context(), tmuxctl.ListRequest{Scope: tmuxctl.ScopeServer, Limit: 100})
	if err != nil {
		b.Fatal(err)
	}
	r := panetext.New(c)
	re := regexp.MustCompile(`line 7\d\d of`)
	for b.Loop() {
		f, err := r.Search(b.Context(), l, re, 1000, 200)
		if err != nil || f.Panes != 50 || len(f.Matches) != 200 {
			b.Fatal(err, f)
		}
	}
}

// BenchmarkWaitWake: from a line typed into a pane (send-keys returns) to
// wait_for_text's answer; the wait has looked once before.
func BenchmarkWaitWake(b *testing.B) {
	srv, c := benchClient(b)
	srv.Must("respawn-pane", "-k", "-t", "main:0", "exec cat")
	p := tmux.PaneID(srv.Display("main:0", "#{pane_id}"))
	r := panetext.New(c)
	var total time.Duration
	n := 0
	for b.Loop() {
		n++
		want := fmt.Sprintf("WAKE-%d", n)
		looked := make(chan struct{})
		done := make(chan time.Time)
		go func() {
			var once bool
			w, err := r.Wait(b.Context(), p, regexp.MustCompile("^"+want+"$"), 10*time.Second, func(int) {
				if !once {
					once = true
					close(looked)
				}
			})
			if err != nil || !w.Matched {
				b.Error(err, w)
			}
			done <- time.Now()
		}()
		<-looked
		srv.Must("send-keys", "-t", string(p), "-l", want+"\n")
		sent := time.Now()
		total += (<-done).Sub(sent)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(n), "ms-wake")
}
