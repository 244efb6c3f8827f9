package agentwatch_test

import (
	"os"
	"testing"

	"github.com/panemap/panemap/internal/agenttest"
	"github.com/panemap/panemap/internal/tmuxtest"
)

// TestMain runs more tests at once than go test's default (tmuxtest.Main)
// and deletes the fake agents the tests built.
func TestMain(m *testing.M) {
	code := tmuxtest.Main(m)
	agenttest.Remove()
	os.Exit(code)
}
