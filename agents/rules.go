package agents

import (
	"os"
	"path/filepath"
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

// Rules is a compiled rule set.
type Rules struct {
	all []Rule
}

// DefaultRules returns the embedded rules.
func DefaultRules() *Rules { return &Rules{} }

// LoadRules returns the embedded rules with the file at path added (""
// means UserRulesPath(), when that file exists). A bad file is an error
// naming the path and the rule id.
func LoadRules(path string) (*Rules, error) { return DefaultRules(), nil }

// UserRulesPath is where a user's own rules live:
// $XDG_CONFIG_HOME/panemap/agents.json, else ~/.config/panemap/agents.json.
func UserRulesPath() string {
	if dir := os.Getenv("XDG_CONFIG_HOME"); dir != "" {
		return filepath.Join(dir, "panemap", "agents.json")
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config", "panemap", "agents.json")
}

// All returns the rules in the order they are tried.
func (r *Rules) All() []Rule { return append([]Rule(nil), r.all...) }
