package panetext

import "github.com/panemap/panemap/tmux"

// TakePrinted lets the tests see what the watch has reported without
// waiting (see takePrinted).
func (p *Previews) TakePrinted() []tmux.PaneID { return p.takePrinted() }

// WrappedRows lets the tests check the joining of wrapped rows.
var WrappedRows = wrappedRows
