//go:build !linux

package wire

import "errors"

// BuildID fails off Linux: the resident needs peer credentials, which
// Go's standard library reads only on Linux, so there every open runs
// the navigator in its own process, as without the resident.
func BuildID(string) (string, error) {
	return "", errors.New("the resident runs on Linux only")
}
