package main

import (
	"os"
	"testing"

	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/releasetest"
	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestMain runs more tests at once than go test's default (they wait on
// tmux far more than they compute: tmuxtest.Main), then removes the
// binaries the tests built.
func TestMain(m *testing.M) {
	code := tmuxtest.Main(m)
	tmuxtest.RemoveBuilt()
	releasetest.Remove()
	agenttest.Remove()
	os.Exit(code)
}
