package agentwatch

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
)

// maxTree bounds the processes named under one pane: an agent's tree is
// a handful, a build's may be thousands, and the agent is near the top.
const maxTree = 64

// processTrees names, for each of roots (the panes' pane_pid), argv[0]
// and argv[1]'s basenames of the root and its descendants, breadth first
// (the root first), with their pids. It is one read of /proc for all of them: each
// process's parent from /proc/PID/stat, then the command lines of the
// trees' processes alone. (/proc/PID/task/TID/children would read only
// the trees, but kernels without CONFIG_PROC_CHILDREN, such as the one
// these tests run on, do not have it.)
func processTrees(roots []int) map[int]tree {
	out := map[int]tree{}
	if len(roots) == 0 {
		return out
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return out
	}
	children := map[int][]int{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, ok := parentOf(pid); ok {
			children[ppid] = append(children[ppid], pid)
		}
	}
	for _, root := range roots {
		var t tree
		queue := []int{root}
		for n := 0; len(queue) > 0 && n < maxTree; n++ {
			p := queue[0]
			queue = append(queue[1:], children[p]...)
			t.names = append(t.names, argNames(p)...)
			t.pids = append(t.pids, p)
		}
		out[root] = t
	}
	return out
}

// parentOf reads a process's parent from /proc/PID/stat, whose second
// field (the command, in parentheses) may hold spaces and parentheses:
// the fields after it follow the last ')'.
func parentOf(pid int) (int, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 2 {
		return 0, false
	}
	ppid, err := strconv.Atoi(string(f[1]))
	return ppid, err == nil
}

// argNames is argv[0] and argv[1]'s basenames (those there are).
func argNames(pid int) []string {
	cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return nil // gone meanwhile, or a zombie
	}
	var names []string
	args := bytes.SplitN(bytes.TrimRight(cmdline, "\x00"), []byte{0}, 3)
	for i := 0; i < len(args) && i < 2; i++ {
		if len(args[i]) > 0 {
			names = append(names, filepath.Base(string(args[i])))
		}
	}
	return names
}

// alive says whether every one of pids still runs: a tree that lost a
// process is read again.
func alive(pids []int) bool {
	for _, p := range pids {
		if _, err := os.Stat("/proc/" + strconv.Itoa(p)); err != nil {
			return false
		}
	}
	return true
}
