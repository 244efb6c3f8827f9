package main

import (
	"os"
	"testing"

	"github.com/panemap/panemap/internal/tmuxtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	tmuxtest.RemoveBuilt()
	os.Exit(code)
}
