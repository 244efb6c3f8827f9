// Package assets holds the files panemap embeds: the MCP tool cards it
// serves verbatim, and the tmux plugin snippet.
package assets

import "embed"

// Contracts holds the wire contracts of the MCP tools select_pane and
// swap_pane (copied from the project's shared contracts; served verbatim).
//
//go:embed contracts/*.json
var Contracts embed.FS
