// Package layouts is panemap's named layouts (issue 43): a window's
// arrangement saved under a name as its split tree with each cell's share
// of its parent (not only tmux's layout string, which tmux cannot scale:
// a string of another size comes back with its borders moved one cell at
// a time), kept one JSON file a layout in a Store, and fitted to any
// window as it is now by MakePlan: panes matched to the saved slots, the
// shares scaled to the window's size, and a layout string built for it.
// It does no I/O but the Store's files, and starts no tmux.
package layouts
