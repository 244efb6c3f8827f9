package tmuxctl_test

import (
	"context"
	"testing"

	"github.com/panemap/panemap/internal/clienttest"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// The package's tests take their clients from clienttest.
var (
	newClient        = clienttest.New
	newClientOver    = clienttest.Over
	forEachTransport = clienttest.ForEachTransport
)

func newAuto(t testing.TB, sock tmux.Socket) *transport.Auto { return clienttest.Auto(t, sock) }

func ctx(t *testing.T) context.Context { return t.Context() }
