package agenthooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Installing hooks edits files people keep by hand: everything there
// stays (JSON keys in their order), a file that already has panemap's
// hooks is not written at all, and each file is read and merged before
// any is written, a backup first.

// Change is one settings file: as it was, and as it is to be.
type Change struct {
	Path     string // the file itself, a symlink followed
	old, new []byte
	existed  bool
	mode     fs.FileMode
}

func (c Change) Changed() bool { return !c.existed || !bytes.Equal(c.old, c.new) }

func (c Change) BackupPath() string {
	if !c.existed {
		return "none, it is new"
	}
	return c.Path + ".panemap-backup"
}

// readSettings reads a settings file, following a symlink (a dotfiles
// manager's) so that the file it points at is the one changed.
func readSettings(path string) (Change, error) {
	c := Change{Path: path, mode: 0o600}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		c.Path = real
	}
	info, err := os.Stat(c.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, err
	}
	if !info.Mode().IsRegular() {
		return c, fmt.Errorf("%s is not a regular file; nothing written", path)
	}
	if c.old, err = os.ReadFile(c.Path); err != nil {
		return c, err
	}
	if !utf8.Valid(c.old) {
		return c, fmt.Errorf("%s is not UTF-8 text; nothing written", path)
	}
	c.existed, c.mode = true, info.Mode().Perm()
	return c, nil
}

// Write writes the file when it changes: the old one to the backup
// first, then the new one beside it and renamed over it, so the file is
// whole at every moment.
func (c Change) Write() error {
	if !c.Changed() {
		return nil
	}
	if c.existed {
		if err := os.WriteFile(c.BackupPath(), c.old, 0o600); err != nil {
			return fmt.Errorf("cannot back up %s: %w; nothing written", c.Path, err)
		}
	} else if err := os.MkdirAll(filepath.Dir(c.Path), 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.Path), ".panemap-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(c.new); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(c.mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), c.Path)
}

// jsonObject is a JSON object with its keys in their order and each value
// as written.
type jsonObject struct {
	keys []string
	vals map[string]json.RawMessage
}

func parseObject(data []byte) (*jsonObject, error) {
	o := &jsonObject{vals: map[string]json.RawMessage{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return o, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		o.set(t.(string), v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("text after the JSON object")
	}
	return o, nil
}

func (o *jsonObject) set(key string, v json.RawMessage) {
	if _, ok := o.vals[key]; !ok {
		o.keys = append(o.keys, key)
	}
	o.vals[key] = v
}

func (o *jsonObject) marshal() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(jsonText(k))
		b.WriteByte(':')
		b.Write(o.vals[k])
	}
	b.WriteByte('}')
	return b.Bytes()
}

// jsonText is v as JSON, with <, > and & as they are (a shell line's
// redirections stay readable).
func jsonText(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // strings, slices and maps of them: cannot fail
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// hookGroup is one matcher group of a Claude Code or Codex hooks event.
type hookGroup struct {
	Matcher string        `json:"matcher,omitempty"`
	Hooks   []hookHandler `json:"hooks"`
}

type hookHandler struct {
	Type    string `json:"type"`
	Command string `json:"command"`
}

// mergeJSONHooks merges the hooks into the settings file at path (Claude
// Code's settings.json, Codex's hooks.json): for each event, a group with
// the hook's command is kept as it is; panemap's hooks for the agent
// with another command (an older panemap, another path) are replaced.
func mergeJSONHooks(path string, hooks []Hook, agent, word string) (Change, error) {
	c, err := readSettings(path)
	if err != nil {
		return c, err
	}
	if c.new, err = WithHooks(c.old, hooks, agent, word); err != nil {
		return c, fmt.Errorf("%s: cannot merge panemap's hooks into it: %w; nothing written", path, err)
	}
	return c, nil
}

// WithHooks is the settings text with the hooks merged in: the very same
// text when it has them all.
func WithHooks(old []byte, hooks []Hook, agent, word string) ([]byte, error) {
	root, err := parseObject(old)
	if err != nil {
		return nil, err
	}
	events, err := parseObject(root.vals["hooks"])
	if err != nil {
		return nil, errors.New(`"hooks" is not an object`)
	}
	modified := false
	for _, h := range hooks {
		cmd := Line(word, agent, h.State)
		var groups []json.RawMessage
		if raw, ok := events.vals[h.Event]; ok {
			if err := json.Unmarshal(raw, &groups); err != nil {
				return nil, fmt.Errorf("hooks.%s is not a list", h.Event)
			}
		}
		if hasHook(groups, h.Matcher, cmd) {
			continue
		}
		groups = append(withoutOurs(groups, agent), jsonText(hookGroup{Matcher: h.Matcher, Hooks: []hookHandler{{Type: "command", Command: cmd}}}))
		events.set(h.Event, jsonText(groups))
		modified = true
	}
	if !modified {
		return old, nil
	}
	root.set("hooks", events.marshal())
	var out bytes.Buffer
	if err := json.Indent(&out, root.marshal(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// hasHook reports whether a group with matcher runs cmd.
func hasHook(groups []json.RawMessage, matcher, cmd string) bool {
	for _, raw := range groups {
		var g hookGroup
		if json.Unmarshal(raw, &g) != nil || g.Matcher != matcher {
			continue
		}
		for _, h := range g.Hooks {
			if h.Command == cmd {
				return true
			}
		}
	}
	return false
}

// ourHook matches the command of a hook panemap installed.
var ourHook = regexp.MustCompile(`panemap'? hook --agent ([a-z0-9_-]+) `)

// withoutOurs drops panemap's hooks for agent from the groups, and a
// group left with no hook; the others stay as written.
func withoutOurs(groups []json.RawMessage, agent string) []json.RawMessage {
	var out []json.RawMessage
	for _, raw := range groups {
		g, err := parseObject(raw)
		var handlers []json.RawMessage
		if err != nil || json.Unmarshal(g.vals["hooks"], &handlers) != nil {
			out = append(out, raw)
			continue
		}
		var kept []json.RawMessage
		for _, h := range handlers {
			var hh hookHandler
			if json.Unmarshal(h, &hh) == nil {
				if m := ourHook.FindStringSubmatch(hh.Command); m != nil && m[1] == agent {
					continue
				}
			}
			kept = append(kept, h)
		}
		switch {
		case len(kept) == len(handlers):
			out = append(out, raw)
		case len(kept) > 0:
			g.set("hooks", jsonText(kept))
			out = append(out, g.marshal())
		}
	}
	return out
}

// CodexFeature turns Codex's hooks on (they are on by default from Codex
// 0.124; before, off).
const CodexFeature = "[features]\nhooks = true"

var (
	tomlTable       = regexp.MustCompile(`^\s*\[`)
	tomlHooksKey    = regexp.MustCompile(`^\s*hooks\s*=\s*([^#]*?)\s*(#.*)?$`)
	tomlFeaturesKey = regexp.MustCompile(`^\s*features\s*[.=]`)
)

// mergeCodexFeature sets hooks = true in config.toml's [features] table,
// line by line: the rest of the file is left byte for byte.
func mergeCodexFeature(path string) (Change, error) {
	c, err := readSettings(path)
	if err != nil {
		return c, err
	}
	lines := strings.Split(string(c.old), "\n")
	header := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "[features]" {
			header = i
			break
		}
		if tomlFeaturesKey.MatchString(l) {
			return c, fmt.Errorf("%s sets features as a dotted key or inline table: add hooks = true to it by hand; nothing written", path)
		}
	}
	if header < 0 {
		text := string(c.old)
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if text != "" {
			text += "\n"
		}
		c.new = []byte(text + CodexFeature + "\n")
		return c, nil
	}
	at := header + 1
	for i := header + 1; i < len(lines) && !tomlTable.MatchString(lines[i]); i++ {
		if m := tomlHooksKey.FindStringSubmatch(lines[i]); m != nil {
			if m[1] != "true" {
				lines[i] = "hooks = true"
			}
			c.new = []byte(strings.Join(lines, "\n"))
			return c, nil
		}
	}
	lines = append(lines[:at], append([]string{"hooks = true"}, lines[at:]...)...)
	c.new = []byte(strings.Join(lines, "\n"))
	return c, nil
}

// AiderLines are the lines of ~/.aider.conf.yml that make Aider run the
// hook when it waits for input after an answer (it runs the command with
// a shell).
func AiderLines(word string) []string {
	return []string{"notifications: true", "notifications-command: " + string(jsonText(Line(word, "aider", "done")))}
}

// mergeAiderConf adds the lines to Aider's YAML config. A notifications
// command of the user's own is never replaced: that is an error.
func mergeAiderConf(path, word string) (Change, error) {
	c, err := readSettings(path)
	if err != nil {
		return c, err
	}
	want := AiderLines(word)
	lines := strings.Split(strings.TrimSuffix(string(c.old), "\n"), "\n")
	if len(c.old) == 0 {
		lines = nil
	}
	for _, w := range want {
		key, _, _ := strings.Cut(w, ":")
		found := false
		for i, l := range lines {
			if !strings.HasPrefix(l, key+":") {
				continue
			}
			found = true
			if strings.TrimSpace(l) == w {
				break
			}
			if key == "notifications-command" {
				return c, fmt.Errorf("%s has a notifications-command of its own (%s): make it also run %s by hand; nothing written",
					path, strings.TrimSpace(strings.TrimPrefix(l, key+":")), Line(word, "aider", "done"))
			}
			lines[i] = w
			break
		}
		if !found {
			lines = append(lines, w)
		}
	}
	c.new = []byte(strings.Join(lines, "\n") + "\n")
	if c.existed && bytes.Equal(bytes.TrimSuffix(c.new, []byte("\n")), bytes.TrimSuffix(c.old, []byte("\n"))) {
		c.new = c.old
	}
	return c, nil
}
