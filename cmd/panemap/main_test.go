package main

import (
	"os"
	"testing"

	"github.com/panemap/panemap/internal/releasetest"
	"github.com/panemap/panemap/internal/tmuxtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	tmuxtest.RemoveBuilt()
	releasetest.Remove()
	os.Exit(code)
}
