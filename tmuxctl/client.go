package tmuxctl

import (
	"cmp"
	"context"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/capture"
	"github.com/panemap/panemap/tmuxctl/records"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// Client performs panemap's operations on one tmux server through a
// transport.Auto, over control mode or tmux processes as its policy
// says. It is safe for concurrent use: tmux
// itself serializes the commands of one command list, and every
// operation that must see a consistent window sends its commands as one
// list.
type Client struct {
	t *transport.Auto
	// send is what command lists go through: t, or a fake runner in unit
	// tests (see script_golden_test.go), which records them.
	send sender
	env  tmux.Env

	mu         sync.Mutex
	socketPath string // the server's #{socket_path}, once known
	// flav is the server's capture flavour once flavourKnown (see
	// capture_known.go).
	flav         capture.Flavour
	flavourKnown bool
}

// NewClient returns a client that talks through t to t's server. env is
// the environment panemap runs in, used only to tell which pane is the
// caller's own and which session a popup belongs to.
func NewClient(t *transport.Auto, env tmux.Env) *Client {
	return &Client{t: t, send: t, env: env}
}

// sender sends command lists to tmux and knows the server's version:
// transport.Auto's Run, RunScript and ServerVersion.
type sender interface {
	Run(ctx context.Context, cmds ...[]string) (string, error)
	RunScript(ctx context.Context, readOnly bool, cmds ...[]string) (string, error)
	ServerVersion(ctx context.Context) (tmux.Version, error)
}

// Socket is the server this client talks to.
func (c *Client) Socket() tmux.Socket { return c.t.Socket() }

// Env is the environment the client was created with.
func (c *Client) Env() tmux.Env { return c.env }

// Close releases the transport.
func (c *Client) Close() error { return c.t.Close() }

// run sends a plain command list (no script: see script.go) through the
// transport.
func (c *Client) run(ctx context.Context, cmds ...[]string) (string, error) {
	return c.send.Run(ctx, cmds...)
}

// Run sends cmds as one command list through the transport (control mode
// or a tmux process, as its policy says). It is for tmuxctl's own
// subpackages, which build their command lists from validated ids only,
// as this package does; nothing above tmuxctl calls it.
func (c *Client) Run(ctx context.Context, cmds ...[]string) (string, error) {
	return c.run(ctx, cmds...)
}

// readWindowCmds reads the window that target (a pane or window id) is
// in: one command (tmux logs every command a client runs, see Stamp),
// the window's record followed on the same line by each pane's (#{P:}
// loops over the window's panes; records.Parse reads records run
// together).
func readWindowCmds(target string) [][]string {
	return [][]string{{"display-message", "-p", "-t", target, records.WindowFormat + "#{P:" + records.PaneFormat + "}"}}
}

// readWindow reads one window and its panes. target must be a validated id.
func (c *Client) readWindow(ctx context.Context, target string) (*tmux.Window, error) {
	out, err := c.run(ctx, readWindowCmds(target)...)
	if err != nil {
		return nil, c.nameGone(err, target)
	}
	return oneWindow(out, target)
}

func oneWindow(out, target string) (*tmux.Window, error) {
	if !strings.HasPrefix(out, "@") {
		// display-message answers a target that is gone with empty
		// fields rather than failing.
		return nil, tmux.Gone(kindName(target), target)
	}
	l, err := records.Parse(out)
	if err != nil {
		return nil, &tmux.Error{Kind: tmux.KindRefused, Message: "cannot read tmux's answer: " + err.Error(), Err: err}
	}
	if len(l.Windows) != 1 {
		return nil, tmux.Gone(kindName(target), target)
	}
	// #{P:} loops over the panes in index order up to tmux 3.5, by pane
	// id from 3.6 (format.c, format_loop_panes): list-panes' order is
	// the index's.
	w := l.Windows[0]
	slices.SortStableFunc(w.Panes, func(a, b tmux.Pane) int { return cmp.Compare(a.Index, b.Index) })
	return w, nil
}

// nameGone rewrites tmux's "can't find ..." into a sentence naming target.
func (c *Client) nameGone(err error, target string) error {
	e := tmux.AsError(err)
	if e.Kind != tmux.KindGone {
		return e
	}
	// tmux names the missing object after the colon; prefer it when it is
	// one of ours, so a swap says which of its two panes is gone.
	if _, after, ok := strings.Cut(e.Message, ": "); ok {
		if i := strings.LastIndex(after, ": "); i >= 0 {
			after = after[i+2:]
		}
		after = strings.TrimSpace(after)
		if _, perr := tmux.ParsePaneID(after); perr == nil {
			target = after
		} else if _, werr := tmux.ParseWindowID(after); werr == nil {
			target = after
		}
	}
	g := tmux.Gone(kindName(target), target)
	g.Err = e
	return g
}

func kindName(target string) string {
	switch {
	case strings.HasPrefix(target, "%"):
		return "pane"
	case strings.HasPrefix(target, "@"):
		return "window"
	case strings.HasPrefix(target, "$"):
		return "session"
	}
	return "target"
}

// ListPanes reads a window and its panes.
func (c *Client) ListPanes(ctx context.Context, w tmux.WindowID) (*tmux.Window, error) {
	return c.readWindow(ctx, string(w))
}

// WindowOf reads the window that pane p is in.
func (c *Client) WindowOf(ctx context.Context, p tmux.PaneID) (*tmux.Window, error) {
	return c.readWindow(ctx, string(p))
}

// Relation says how a pane relates to the process panemap runs in.
type Relation string

const (
	RelationUnknown Relation = "unknown" // not running inside tmux
	RelationSelf    Relation = "self"    // the same server and the same pane
	RelationOther   Relation = "other"   // any other pane, or one not provably ours
)

// Caller tells whether p is the pane this process runs in: self only when
// $TMUX_PANE is p and $TMUX's socket is the same file as the server's.
func (c *Client) Caller(ctx context.Context, p tmux.PaneID) Relation {
	if c.env.TMUX == "" || c.env.TMUXPane == "" {
		return RelationUnknown
	}
	if c.env.TMUXPane != string(p) {
		return RelationOther
	}
	server, err := c.serverSocketPath(ctx)
	if err != nil {
		return RelationOther
	}
	a, err1 := os.Stat(c.env.SocketPath())
	b, err2 := os.Stat(server)
	if err1 != nil || err2 != nil || !os.SameFile(a, b) {
		return RelationOther
	}
	return RelationSelf
}

// serverSocketPath is the server's socket file as tmux reports it.
func (c *Client) serverSocketPath(ctx context.Context) (string, error) {
	c.mu.Lock()
	path := c.socketPath
	c.mu.Unlock()
	if path != "" {
		return path, nil
	}
	out, err := c.run(ctx, []string{"display-message", "-p", "#{socket_path}"})
	if err != nil {
		return "", err
	}
	path = strings.TrimSpace(out)
	if path == "" {
		return "", &tmux.Error{Kind: tmux.KindRefused, Message: "tmux did not say its socket path"}
	}
	c.mu.Lock()
	c.socketPath = path
	c.mu.Unlock()
	return path, nil
}

// RequireVersion is the version of the server this client talks to
// (#{version}, read once per server: see transport.Auto.ServerVersion),
// never the `tmux` binary's, which may be newer than a server still
// running from before an upgrade. It refuses a server older than
// tmux.MinVersion (KindUnsupported); a version spelled otherwise than
// upstream spells it is let through, for tmux itself to answer. A missing
// tmux binary (KindServerGone: "tmux not found") or no server (KindServerGone)
// is the read's own error.
func (c *Client) RequireVersion(ctx context.Context) (tmux.Version, error) {
	v, err := c.serverVersion(ctx)
	if err != nil {
		return v, err
	}
	return v, tmux.CheckServerVersion(v)
}
