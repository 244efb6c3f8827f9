package main

import (
	"os"
	"strings"
	"testing"
)

// TestLayoutCommandRefusesBadInput: panemap layout refuses a missing or
// unknown action, a missing or extra name, a bad name, and a flag of
// another action, with a usage error naming it, before it asks tmux
// anything or writes a file.
func TestLayoutCommandRefusesBadInput(t *testing.T) {
	config := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", config)
	env := map[string]string{"XDG_CONFIG_HOME": config}
	for _, tc := range []struct {
		args   []string
		code   int
		errHas string
	}{
		{[]string{"layout"}, 2, "layout takes an action"},
		{[]string{"layout", "move"}, 2, `no layout action "move"`},
		{[]string{"layout", "save"}, 2, "layout save takes a layout's name"},
		{[]string{"layout", "apply", "a", "b"}, 2, "layout apply takes a layout's name"},
		{[]string{"layout", "list", "a"}, 2, "layout list takes nothing more"},
		{[]string{"layout", "save", "../x"}, 2, `"../x"`},
		{[]string{"layout", "save", ".hidden"}, 2, `".hidden"`},
		{[]string{"layout", "apply", "a\x01b"}, 2, `"a\x01b"`},
		{[]string{"layout", "save", strings.Repeat("n", 65)}, 2, "64"},
		{[]string{"layout", "list", "--force"}, 2, "flag --force does not apply to panemap layout list"},
		{[]string{"layout", "save", "dev", "--create"}, 2, "flag --create does not apply to panemap layout save"},
		{[]string{"layout", "apply", "dev", "--json"}, 2, "flag --json does not apply to panemap layout apply"},
		{[]string{"layout", "delete", "dev", "-t", "@1"}, 2, "flag -t does not apply to panemap layout delete"},
		{[]string{"layout", "save", "dev", "--bogus"}, 2, "unknown flag --bogus"},
		{[]string{"layout", "delete", "nothing-saved"}, 1, "nothing-saved"},
		{[]string{"layout", "apply", "nothing-saved", "-L", "pm-none-" + t.Name()}, 1, "nothing-saved"},
	} {
		code, out, errOut := cli(t, env, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.errHas) {
			t.Errorf("panemap %q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.errHas)
		}
	}
	if files, _ := os.ReadDir(config); len(files) != 0 {
		t.Errorf("the refusals wrote %d files in %s", len(files), config)
	}
}

// TestLayoutListEmpty: with nothing saved, list says where it looked,
// and --json is an empty list.
func TestLayoutListEmpty(t *testing.T) {
	config := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", config)
	if code, out, errOut := cli(t, nil, "layout", "list"); code != 0 || !strings.Contains(out, "no saved layouts in "+config) {
		t.Errorf("list: exit %d, %q %q", code, out, errOut)
	}
	if code, out, _ := cli(t, nil, "layout", "list", "--json"); code != 0 || strings.TrimSpace(out) != "[]" {
		t.Errorf("list --json: exit %d, %q", code, out)
	}
}
