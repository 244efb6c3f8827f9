package transport

import (
	"strings"
	"sync"

	"github.com/panemap/panemap/tmux"
)

// eventArity is how many fields a notification has when its last field is
// free text; notifications not listed split on every space.
var eventArity = map[string]int{
	"window-renamed":          2,
	"unlinked-window-renamed": 2,
	"session-changed":         2,
	"session-renamed":         2,
	"client-session-changed":  3,
	"exit":                    1,
	"output":                  2,
	"extended-output":         4,
	"message":                 1,
	"config-error":            1,
	"paste-buffer-changed":    1,
	"paste-buffer-deleted":    1,
	"subscription-changed":    6,
	"layout-change":           4,
	"window-pane-changed":     2,
	"session-window-changed":  2,
	"client-detached":         1,
	"pane-mode-changed":       1,
	"window-add":              1,
	"window-close":            1,
	"unlinked-window-add":     1,
	"unlinked-window-close":   1,
	"sessions-changed":        0,
	"session-window-renamed":  2,
	"continue":                1,
	"pause":                   1,
}

// parseEvent splits a notification line ("%kind args…").
func parseEvent(line string) tmux.Event {
	line = strings.TrimPrefix(line, "%")
	kind, rest, _ := strings.Cut(line, " ")
	e := tmux.Event{Kind: kind}
	if rest == "" {
		return e
	}
	n, ok := eventArity[kind]
	switch {
	case !ok:
		e.Args = strings.Split(rest, " ")
	case n > 0:
		e.Args = strings.SplitN(rest, " ", n)
	}
	return e
}

// subBuffer is each subscriber's backlog before events are dropped.
const subBuffer = 256

// eventHub fans events out to subscribers without ever blocking the
// publisher: a subscriber that falls behind gets one EventOverflow and
// loses events until it catches up.
type eventHub struct {
	mu     sync.Mutex
	subs   map[*subscriber]struct{}
	closed bool
}

type subscriber struct {
	ch   chan tmux.Event
	lost bool
}

func newEventHub() *eventHub { return &eventHub{subs: map[*subscriber]struct{}{}} }

// subscribe returns a channel of events, first of them first, and a
// function that ends the subscription and closes the channel. After the
// hub closes, the channel is closed.
func (h *eventHub) subscribe(first tmux.Event) (<-chan tmux.Event, func()) {
	s := &subscriber{ch: make(chan tmux.Event, subBuffer)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		close(s.ch)
		return s.ch, func() {}
	}
	s.ch <- first
	h.subs[s] = struct{}{}
	var once sync.Once
	return s.ch, func() {
		once.Do(func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			if _, ok := h.subs[s]; ok {
				delete(h.subs, s)
				close(s.ch)
			}
		})
	}
}

// publish delivers e to every subscriber that has room. When a
// subscriber's buffer is about to fill, its last slot gets EventOverflow
// and later events are dropped until it has read some.
func (h *eventHub) publish(e tmux.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		// Only publish sends, under h.mu, so len can only shrink meanwhile.
		if len(s.ch) >= cap(s.ch)-1 {
			if !s.lost {
				s.lost = true
				s.ch <- tmux.Event{Kind: tmux.EventOverflow}
			}
			continue
		}
		s.lost = false
		s.ch <- e
	}
}

// count is the number of subscribers.
func (h *eventHub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// close closes every subscriber's channel; later subscriptions get a
// closed channel.
func (h *eventHub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.closed = true
	for s := range h.subs {
		delete(h.subs, s)
		close(s.ch)
	}
}
