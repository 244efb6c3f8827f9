package layouts

import "github.com/panemap/panemap/tmux"

// Store is where layouts live: one JSON file a layout, <Dir>/<name>.json,
// written to a temporary file and renamed into place.
type Store struct{ Dir string }

// DefaultStore is $XDG_CONFIG_HOME/panemap/layouts, else
// ~/.config/panemap/layouts.
func DefaultStore() (*Store, error) { return nil, notYet("DefaultStore") }

// Entry is a file of the store: its layout, or why it cannot be read.
type Entry struct {
	Name   string
	Layout *Layout
	Broken string // why it cannot be read ("" when fine)
}

// List is the store's layouts by name; a missing directory is an empty list.
func (s *Store) List() ([]Entry, error) { return nil, notYet("Store.List") }

// Load reads the layout called name.
func (s *Store) Load(name string) (*Layout, error) { return nil, notYet("Store.Load") }

// Save writes l under l.Name; an existing name without overwrite is refused.
func (s *Store) Save(l *Layout, overwrite bool) error { return notYet("Store.Save") }

// Delete removes the layout called name.
func (s *Store) Delete(name string) error { return notYet("Store.Delete") }

// Rename gives layout old the name new.
func (s *Store) Rename(old, new string, overwrite bool) error { return notYet("Store.Rename") }

func notYet(what string) error {
	return &tmux.Error{Kind: tmux.KindUnsupported, Message: "layouts." + what + " is not written yet"}
}
