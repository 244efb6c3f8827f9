package wire

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestHelloRoundTrip(t *testing.T) {
	h := Hello{Build: "b 1 2", Env: []string{"TERM=xterm", "NO_COLOR", "K=a=b"}, Args: []string{"-S", "/tmp/x y", "--in-popup", "", "é\x00"}}
	b := Encode(h)
	n, err := HelloLength(b)
	if err != nil || n != len(b)-4 {
		t.Fatalf("HelloLength = %d, %v; want %d", n, err, len(b)-4)
	}
	got, err := Decode(b[4:])
	if err != nil {
		t.Fatal(err)
	}
	if got.Build != h.Build || !slices.Equal(got.Env, h.Env) || !slices.Equal(got.Args, h.Args) {
		t.Fatalf("Decode(Encode(%+v)) = %+v", h, got)
	}
}

func TestDecodeRefusesMalformed(t *testing.T) {
	good := Encode(Hello{Build: "b", Args: []string{"x"}})[4:]
	for name, p := range map[string][]byte{
		"empty":     nil,
		"truncated": good[:len(good)-1],
		"trailing":  append(slices.Clone(good), 0),
		"no build":  {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		"too long":  {0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff},
		"too many":  {0xff, 0xff, 0xff, 0xff},
	} {
		if _, err := Decode(p); err == nil {
			t.Errorf("%s: Decode accepted %q", name, p)
		}
	}
	if _, err := HelloLength([]byte{0x7f, 0, 0, 0}); err == nil {
		t.Error("HelloLength accepted a 2 GB hello")
	}
}

func TestDirBesideTmuxOrShort(t *testing.T) {
	if got := Dir("/tmp/tmux-0/default"); got != "/tmp/tmux-0/.panemap-default" {
		t.Errorf("Dir = %q", got)
	}
	t.Setenv("XDG_RUNTIME_DIR", "/run/user/7")
	long := "/tmp/" + strings.Repeat("d", 100) + "/default"
	got := SocketPath(long)
	if !strings.HasPrefix(got, "/run/user/7/panemap-") || len(got) > maxSocketPath {
		t.Errorf("SocketPath(long) = %q", got)
	}
	if SocketPath(long+"2") == got {
		t.Error("two servers share a resident socket")
	}
}

func TestCheckPrivate(t *testing.T) {
	dir := t.TempDir()
	private := filepath.Join(dir, "p")
	if err := os.Mkdir(private, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := CheckPrivate(private); err != nil {
		t.Errorf("a 0700 directory of mine: %v", err)
	}
	open := filepath.Join(dir, "o")
	if err := os.Mkdir(open, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := CheckPrivate(open); err == nil {
		t.Error("a 0755 directory passed")
	}
	link := filepath.Join(dir, "l")
	if err := os.Symlink(private, link); err != nil {
		t.Fatal(err)
	}
	if err := CheckPrivate(link); err == nil {
		t.Error("a symlink passed")
	}
}
