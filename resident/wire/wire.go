// Package wire is what the popup's tiny client (cmd/panemap-open) and the
// resident (package resident) agree on: where the resident listens, how a
// build is told apart, and the bytes of one open. It imports only what a
// tiny static program can afford: the client starts at every key press.
//
// One open, on one unix stream connection:
//
//	client → resident  the hello (Hello, encoded by Encode) with the
//	                   client's stdin, stdout and stderr (SCM_RIGHTS)
//	resident → client  Accepted, or Mismatch (another build: the client
//	                   falls back and the resident exits)
//	client → resident  Go: the client still waits (it gives up after a
//	                   while and runs the navigator itself; a resident that
//	                   reads no Go draws nothing)
//	client → resident  Resized, once per SIGWINCH the client gets
//	resident → client  Exited, then the navigator's exit status (one byte)
package wire

import (
	"encoding/binary"
	"errors"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// Protocol names this version of the exchange; it is part of every build
// id, so that a client and a resident that speak differently never talk.
const Protocol = "panemap-resident/1"

// The one-byte messages.
const (
	Accepted byte = 'A'
	Mismatch byte = 'M'
	Go       byte = 'G'
	Resized  byte = 'W'
	Exited   byte = 'X'
)

// Between the supervisor and its worker: the descriptors a worker is
// started with (after stdin, stdout and stderr), and the bytes it sends
// on its link.
const (
	ListenerFD = 3 // the resident's listening socket
	LinkFD     = 4 // the worker's end of its link to the supervisor

	LinkReady    byte = 'R' // warm, it waits for an open
	LinkTaken    byte = 'A' // it took an open
	LinkPainted  byte = 'P' // its navigator wrote its first frame: start the next idle worker
	LinkMismatch byte = 'M' // a client of another build came: exit
)

// maxSocketPath is what fits in sockaddr_un's sun_path (104 bytes on
// macOS, 108 on Linux) with its terminating NUL.
const maxSocketPath = 103

// Dir is the private directory (0700) the resident of the tmux server
// listening on tmuxSocket keeps its socket in: beside tmux's socket, in
// tmux's own private directory, when the path fits; else under
// $XDG_RUNTIME_DIR (or the temporary directory), named by a hash of
// tmux's socket path.
func Dir(tmuxSocket string) string {
	d := filepath.Join(filepath.Dir(tmuxSocket), ".panemap-"+filepath.Base(tmuxSocket))
	if len(d)+len("/sock") <= maxSocketPath {
		return d
	}
	base := os.Getenv("XDG_RUNTIME_DIR")
	if base == "" {
		base = os.TempDir()
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(tmuxSocket))
	return filepath.Join(base, "panemap-"+strconv.Itoa(os.Getuid()), strconv.FormatUint(h.Sum64(), 36))
}

// SocketPath is the resident's socket for the tmux server on tmuxSocket.
func SocketPath(tmuxSocket string) string { return filepath.Join(Dir(tmuxSocket), "sock") }

// ReadyPath and BusyPath are the file the resident of the tmux server on
// tmuxSocket keeps, under one name or the other (renamed, so that there
// is always one): ready while an idle worker waits for an open, busy
// while none does (one took an open, and the next is starting). A client
// that finds the resident busy runs the navigator itself at once rather
// than wait for the next worker's warm-up, which is slower
// (BENCHMARKS.md). A resident of a build before these files keeps
// neither: the client connects, and learns that it is another build.
func ReadyPath(tmuxSocket string) string { return filepath.Join(Dir(tmuxSocket), "ready") }

// BusyPath: see ReadyPath.
func BusyPath(tmuxSocket string) string { return filepath.Join(Dir(tmuxSocket), "busy") }

// ErrNotPrivate is a resident directory someone else could write to.
var ErrNotPrivate = errors.New("the resident's directory is not private to this user")

// CheckPrivate refuses dir unless it is a directory of this user that no
// one else can enter (another user who made it first could listen there).
func CheckPrivate(dir string) error {
	var st syscall.Stat_t
	if err := syscall.Lstat(dir, &st); err != nil {
		return err
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFDIR || int(st.Uid) != os.Getuid() || st.Mode&0o077 != 0 {
		return ErrNotPrivate
	}
	return nil
}

// Hello is what the client says as it connects.
type Hello struct {
	Build string   // BuildID of the panemap beside the client
	Env   []string // the forwarded variables: "K=V", or "K" when unset
	Args  []string // panemap's arguments, as the popup ran panemap-open
}

// Forwarded are the environment variables the client passes, which the
// navigator reads as the popup has them (the resident was started
// elsewhere, with another environment).
var Forwarded = []string{"TERM", "COLORTERM", "NO_COLOR", "TMUX", "TMUX_PANE", "PANEMAP_CONTROL", "HOME", "LANG", "LC_ALL", "LC_CTYPE"}

// Limits of a hello, so that a resident never reads without bound.
const (
	maxHello   = 256 << 10
	maxStrings = 4096
)

// Encode is h on the wire: its length, then three lists of strings, each
// its count, then each string's length and bytes (big-endian uint32s).
func Encode(h Hello) []byte {
	b := make([]byte, 4, 256)
	for _, list := range [][]string{{h.Build}, h.Env, h.Args} {
		b = binary.BigEndian.AppendUint32(b, uint32(len(list)))
		for _, s := range list {
			b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
			b = append(b, s...)
		}
	}
	binary.BigEndian.PutUint32(b, uint32(len(b)-4))
	return b
}

// ErrBadHello is a hello that does not decode.
var ErrBadHello = errors.New("malformed hello")

// HelloLength is the length of the hello whose first four bytes are p.
func HelloLength(p []byte) (int, error) {
	if len(p) < 4 {
		return 0, ErrBadHello
	}
	n := int(binary.BigEndian.Uint32(p))
	if n > maxHello {
		return 0, ErrBadHello
	}
	return n, nil
}

// Decode reads the body of a hello (what follows its length).
func Decode(p []byte) (Hello, error) {
	var lists [3][]string
	for i := range lists {
		n, rest, ok := uint32At(p)
		if !ok || n > maxStrings {
			return Hello{}, ErrBadHello
		}
		p = rest
		for range n {
			l, rest, ok := uint32At(p)
			if !ok || uint64(l) > uint64(len(rest)) {
				return Hello{}, ErrBadHello
			}
			lists[i] = append(lists[i], string(rest[:l]))
			p = rest[l:]
		}
	}
	if len(p) != 0 || len(lists[0]) != 1 {
		return Hello{}, ErrBadHello
	}
	return Hello{Build: lists[0][0], Env: lists[1], Args: lists[2]}, nil
}

func uint32At(p []byte) (uint32, []byte, bool) {
	if len(p) < 4 {
		return 0, nil, false
	}
	return binary.BigEndian.Uint32(p), p[4:], true
}
