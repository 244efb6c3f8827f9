package wire

import (
	"strconv"
	"syscall"
)

// BuildID tells a build of panemap from another: the protocol, and the
// binary's file (device, inode, size, modification time). A panemap
// installed over the one the resident runs has another id, so the client
// falls back and the old resident exits. The resident passes
// /proc/self/exe, the file it runs even once it was replaced; the client,
// the panemap beside it.
func BuildID(binary string) (string, error) {
	var st syscall.Stat_t
	if err := syscall.Stat(binary, &st); err != nil {
		return "", err
	}
	b := []byte(Protocol)
	for _, n := range []int64{int64(st.Dev), int64(st.Ino), st.Size, st.Mtim.Sec, st.Mtim.Nsec} {
		b = append(b, ' ')
		b = strconv.AppendInt(b, n, 10)
	}
	return string(b), nil
}
