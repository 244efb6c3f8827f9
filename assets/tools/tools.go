// Package tools holds the cards of panemap's own MCP tools (every tool but
// the contracts' select_pane and swap_pane),
// in the same shape as the contract cards in assets/contracts: name,
// description, hand-written input and output JSON schemas, annotations and
// an optional meta block. They are served verbatim, like the contracts, so
// what a client sees is exactly what is reviewed here.
package tools

import "embed"

// Cards holds one <tool>.json card per tool.
//
//go:embed *.json
var Cards embed.FS
