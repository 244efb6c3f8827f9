package tmuxtest

import (
	"os"
	"time"
)

// BenchDuration is how long a rate benchmark measures:
// PANEMAP_BENCH_SECONDS, 5 s by default. The result is a rate, so
// -benchtime 100x (as .ci/run runs every benchmark) must not make it
// last a hundred times as long.
func BenchDuration() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("PANEMAP_BENCH_SECONDS") + "s"); err == nil && d > 0 {
		return d
	}
	return 5 * time.Second
}
