// Package assets holds the files panemap embeds: the MCP tool cards it
// serves verbatim, the tmux plugin snippet, and the coding agents' default
// rules.
package assets

import "embed"

// Contracts holds the wire contracts of the MCP tools select_pane and
// swap_pane (copied from the project's shared contracts; served verbatim).
//
//go:embed contracts/*.json
var Contracts embed.FS

// AgentRules is package agents' default rules: which coding agent a pane
// runs and what state its title and screen show (assets/agents/rules.json).
//
//go:embed agents/rules.json
var AgentRules []byte
