package tmux_test

import (
	"os"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestMain runs more tests at once than go test's default: they wait on
// tmux far more than they compute (tmuxtest.Main).
func TestMain(m *testing.M) { os.Exit(tmuxtest.Main(m)) }
