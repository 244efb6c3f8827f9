package tmuxtest

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"
)

// testsPerCore is how many parallel tests a package whose tests start tmux
// runs at once per core when go test is not told (-parallel). go test's
// default is one a core, made for tests that compute; these mostly wait on
// tmux servers, terminals and popups. On 2 cores (2026-12-04), at three a
// core go test ./... took 36 s and -short 18 s; at one a core 46 s and
// 21 s, with the same CPU. Every wait in them is a bounded poll for a state
// (Eventually), so more at once makes them slower, not wrong: the stress
// script (scripts/stress-tests.sh) ran the whole suite 5 times in 5
// without a failure on 3.3a and on 3.7c, both cores kept busy.
const testsPerCore = 3

// Main runs a package's tests (call it from TestMain) with testsPerCore
// parallel tests a core, unless -parallel was given or the run fuzzes
// (there -parallel is the number of fuzzing processes), and returns the
// exit code for os.Exit.
//
// The tests, and every panemap and tmux they start, see a config
// directory of their own (XDG_CONFIG_HOME, empty): panemap keeps its
// named layouts and reads a user's agent rules there, and a test must
// neither write the user's layouts nor depend on the user's rules.
func Main(m *testing.M) int {
	flag.Parse()
	config, err := os.MkdirTemp("", "panemap-test-config-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(config)
	if err := os.Setenv("XDG_CONFIG_HOME", config); err != nil {
		panic(err)
	}
	given := false
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "test.parallel" || f.Name == "test.fuzz" {
			given = true
		}
	})
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(testsPerCore*runtime.GOMAXPROCS(0))); err != nil {
			panic(err) // the testing package always defines it
		}
	}
	return m.Run()
}
