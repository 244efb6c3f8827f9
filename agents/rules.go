package agents

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"github.com/panemap/panemap/assets"
	"github.com/panemap/panemap/tmux"
)

// Rule is one rule, as data: the embedded assets/agents/rules.json, and a
// user's file that adds rules or overrides them by ID.
type Rule struct {
	ID      string `json:"id"`
	Agent   string `json:"agent"`           // "claude", "codex", "gemini", "aider", "opencode"
	On      string `json:"on"`              // "process" (names the agent from argv), "title", "screen"
	Pattern string `json:"pattern"`         // RE2
	State   State  `json:"state,omitempty"` // "" for process rules
	Not     bool   `json:"not,omitempty"`   // a false-positive guard: a line it matches is no match for the agent's screen rules of State
}

// Where a rule looks.
const (
	onProcess = "process"
	onTitle   = "title"
	onScreen  = "screen"
)

// rulesVersion is the only version of the rules file there is.
const rulesVersion = 1

// rulesFile is the shape of rules.json and of a user's file.
type rulesFile struct {
	Version int    `json:"version"`
	Rules   []Rule `json:"rules"`
}

// compiled is a rule with its pattern compiled.
type compiled struct {
	Rule
	re matcher
}

// Rules is a compiled rule set, read-only once built (Decide runs for many
// panes at once).
type Rules struct {
	all     []Rule
	process []compiled            // every agent's, in order: the first match names the agent
	title   map[string][]compiled // by agent
	screen  map[string][]compiled // by agent, guards left out
	guards  map[string][]compiled // by agent: the screen rules with Not
}

var defaultRules = sync.OnceValue(func() *Rules {
	list, err := parseRules("assets/agents/rules.json", assets.AgentRules)
	if err != nil {
		panic(err) // the embedded file is tested: this cannot happen in a build
	}
	return compile(list)
})

// DefaultRules returns the embedded rules (one shared, read-only set).
func DefaultRules() *Rules { return defaultRules() }

// LoadRules returns the embedded rules with the file at path merged in: a
// rule whose id is already there replaces it where it stands, a new id is
// added after the others. Path "" means UserRulesPath(), and only when
// that file exists. A bad file is an error naming the path and the rule.
func LoadRules(path string) (*Rules, error) {
	if path == "" {
		path = UserRulesPath()
		if _, err := os.Stat(path); path == "" || errors.Is(err, fs.ErrNotExist) {
			return DefaultRules(), nil
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Value: path, Message: fmt.Sprintf("agent rules %s: %v", path, err), Err: err}
	}
	user, err := parseRules(path, data)
	if err != nil {
		return nil, err
	}
	list := DefaultRules().All()
	at := make(map[string]int, len(list))
	for i, rule := range list {
		at[rule.ID] = i
	}
	for _, rule := range user {
		if i, ok := at[rule.ID]; ok {
			list[i] = rule
			continue
		}
		at[rule.ID] = len(list)
		list = append(list, rule)
	}
	return compile(list), nil
}

// parseRules reads a rules file and checks each rule, naming path and the
// rule's id in any error.
func parseRules(path string, data []byte) ([]Rule, error) {
	bad := func(format string, args ...any) error {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: path, Message: fmt.Sprintf("agent rules %s: ", path) + fmt.Sprintf(format, args...)}
	}
	var file rulesFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&file); err != nil {
		return nil, bad("%v", err)
	}
	if dec.More() {
		return nil, bad("more than one JSON value")
	}
	if file.Version != rulesVersion {
		return nil, bad("unknown version %d: want \"version\": %d", file.Version, rulesVersion)
	}
	seen := make(map[string]bool, len(file.Rules))
	for i, rule := range file.Rules {
		if err := checkRule(rule); err != nil {
			name := tmux.Quote(rule.ID)
			if rule.ID == "" {
				name = fmt.Sprintf("#%d (no id)", i+1)
			}
			return nil, bad("rule %s: %s", name, err)
		}
		if seen[rule.ID] {
			return nil, bad("rule %s: the id is given twice", tmux.Quote(rule.ID))
		}
		seen[rule.ID] = true
	}
	return file.Rules, nil
}

// names is what ids and agents' names may be: they reach Source.String,
// status lines and JSON answers.
var names = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

func checkRule(rule Rule) error {
	switch {
	case rule.ID == "":
		return errors.New("no id")
	case !names.MatchString(rule.ID):
		return errors.New("the id must be lower-case letters, digits, - and _")
	case !names.MatchString(rule.Agent):
		return fmt.Errorf("invalid agent %s: want lower-case letters, digits, - and _", tmux.Quote(rule.Agent))
	case rule.Pattern == "":
		return errors.New("no pattern")
	}
	if _, err := regexp.Compile(rule.Pattern); err != nil {
		return fmt.Errorf("invalid pattern %s: %w", tmux.Quote(rule.Pattern), err)
	}
	switch rule.On {
	case onProcess:
		if rule.State != "" || rule.Not {
			return errors.New("a process rule names the agent: it takes no state and no not")
		}
		return nil
	case onTitle, onScreen:
	default:
		return fmt.Errorf("invalid on %s: want process, title or screen", tmux.Quote(rule.On))
	}
	if rule.Not && rule.On != onScreen {
		return errors.New("not (a false-positive guard) is for screen rules")
	}
	for _, st := range hookStates {
		if rule.State == st {
			return nil
		}
	}
	return fmt.Errorf("invalid state %s: want one of %s", tmux.Quote(string(rule.State)), joinStates(hookStates))
}

// compile builds a rule set from rules parseRules checked.
func compile(list []Rule) *Rules {
	r := &Rules{all: list, title: map[string][]compiled{}, screen: map[string][]compiled{}, guards: map[string][]compiled{}}
	for _, rule := range list {
		c := compiled{rule, newMatcher(rule.Pattern)}
		switch {
		case rule.On == onProcess:
			r.process = append(r.process, c)
		case rule.On == onTitle:
			r.title[rule.Agent] = append(r.title[rule.Agent], c)
		case rule.Not:
			r.guards[rule.Agent] = append(r.guards[rule.Agent], c)
		default:
			r.screen[rule.Agent] = append(r.screen[rule.Agent], c)
		}
	}
	return r
}

// UserRulesPath is where a user's own rules live:
// $XDG_CONFIG_HOME/panemap/agents.json, else ~/.config/panemap/agents.json;
// "" when neither variable is set (no file is read from the current
// directory by accident).
func UserRulesPath() string {
	if dir := os.Getenv("XDG_CONFIG_HOME"); dir != "" {
		return filepath.Join(dir, "panemap", "agents.json")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".config", "panemap", "agents.json")
}

// All returns the rules in the order they are tried.
func (r *Rules) All() []Rule { return append([]Rule(nil), r.all...) }
