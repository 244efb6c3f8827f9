package layouts

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/panemap/panemap/tmux"
)

// Store is where layouts live: one JSON file a layout, <Dir>/<name>.json,
// written to a temporary file and renamed into place, so a reader sees
// the old file or the new one, never half of one.
type Store struct{ Dir string }

// DefaultStore is $XDG_CONFIG_HOME/panemap/layouts, else
// ~/.config/panemap/layouts. A relative XDG_CONFIG_HOME is ignored, as
// the XDG spec says.
func DefaultStore() (*Store, error) {
	base := os.Getenv("XDG_CONFIG_HOME")
	if !filepath.IsAbs(base) {
		home, err := os.UserHomeDir()
		if err != nil || !filepath.IsAbs(home) {
			return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Value: home, Message: "cannot find where to keep layouts: neither XDG_CONFIG_HOME nor HOME is an absolute path", Err: err}
		}
		base = filepath.Join(home, ".config")
	}
	return &Store{Dir: filepath.Join(base, "panemap", "layouts")}, nil
}

// Entry is a file of the store: its layout, or why it cannot be read.
type Entry struct {
	Name   string
	Layout *Layout
	Broken string // why it cannot be read ("" when fine)
}

const ext = ".json"

func (s *Store) path(name string) string { return filepath.Join(s.Dir, name+ext) }

// Has reports whether a file is stored under name, readable or broken:
// what saving without overwrite refuses to replace.
func (s *Store) Has(name string) bool {
	_, err := os.Lstat(s.path(name))
	return err == nil
}

// List is the store's layouts by name; a missing directory is an empty
// list. A file that cannot be read as a layout (corrupt, of another
// version, unreadable, or holding another name than its file's) is an
// entry with Broken saying why, so it can be seen and deleted. Files
// starting with '.' (the store's temporary files) and files not ending in
// .json are not layouts and are left out.
func (s *Store) List() ([]Entry, error) {
	files, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, s.fail(err, "cannot list the layouts in %s: %v", tmux.Quote(s.Dir), err)
	}
	var out []Entry
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Name(), ext)
		if !ok || strings.HasPrefix(name, ".") || f.IsDir() {
			continue
		}
		e := Entry{Name: name}
		if err := CheckName(name); err != nil {
			e.Broken = err.Error()
		} else {
			e.Layout, e.Broken = s.read(name)
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// read reads the layout called name, or says why it cannot.
func (s *Store) read(name string) (*Layout, string) {
	data, err := os.ReadFile(s.path(name))
	if err != nil {
		return nil, fmt.Sprintf("cannot be read: %v", err)
	}
	return decode(name, data)
}

// decode reads data as the file of layout name. Its version decides:
// a file of another version is never read as this one, and where it does
// not even decode as this one, the version is what it is told by.
func decode(name string, data []byte) (*Layout, string) {
	var file struct {
		Version *int `json:"version"` // over Layout's, to tell a missing one
		*Layout
	}
	file.Layout = &Layout{}
	err := json.Unmarshal(data, &file)
	if err != nil {
		var head struct {
			Version *int `json:"version"`
		}
		if json.Unmarshal(data, &head) != nil || head.Version == nil || *head.Version == Version {
			return nil, fmt.Sprintf("is not a layout file (corrupt JSON, or a field of the wrong type): %v", err)
		}
		file.Version = head.Version
	}
	switch {
	case file.Version == nil:
		return nil, "has no version"
	case *file.Version != Version:
		return nil, fmt.Sprintf("is of version %d, which this panemap does not read (it reads version %d)", *file.Version, Version)
	}
	l := file.Layout
	l.Version = Version
	if l.Name != name {
		return nil, fmt.Sprintf("holds layout %s, not %s as its file name says", tmux.Quote(l.Name), tmux.Quote(name))
	}
	if why := l.check(); why != "" {
		return nil, why
	}
	return l, ""
}

// Load reads the layout called name: KindGone when there is none,
// KindInvalidInput when its file cannot be read as one.
func (s *Store) Load(name string) (*Layout, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	if _, err := os.Lstat(s.path(name)); errors.Is(err, fs.ErrNotExist) {
		return nil, s.missing(name)
	}
	l, why := s.read(name)
	if why != "" {
		return nil, &tmux.Error{Kind: tmux.KindInvalidInput, Value: name, Message: fmt.Sprintf("layout %s %s (%s)", tmux.Quote(name), why, s.path(name))}
	}
	return l, nil
}

// Save writes l as the file of its name; an existing name without
// overwrite is refused, and so is a layout List would call broken.
func (s *Store) Save(l *Layout, overwrite bool) error {
	if err := CheckName(l.Name); err != nil {
		return err
	}
	if why := l.check(); why != "" {
		return &tmux.Error{Kind: tmux.KindInvalidInput, Value: l.Name, Message: fmt.Sprintf("layout %s cannot be saved: %s", tmux.Quote(l.Name), why)}
	}
	data, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		return s.fail(err, "layout %s cannot be written: %v", tmux.Quote(l.Name), err)
	}
	return s.write(l.Name, append(data, '\n'), overwrite)
}

// write puts data in place as the file of name through a temporary file
// in the same directory (private to the user, 0600 in a 0700 directory),
// synced before it is renamed over the old one.
func (s *Store) write(name string, data []byte, overwrite bool) error {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return s.fail(err, "cannot make the layouts' directory %s: %v", tmux.Quote(s.Dir), err)
	}
	if !overwrite {
		if s.Has(name) {
			return &tmux.Error{Kind: tmux.KindInvalidInput, Value: name, Message: fmt.Sprintf("layout %s exists: save it with overwrite to replace it", tmux.Quote(name))}
		}
	}
	tmp, err := os.CreateTemp(s.Dir, ".tmp-*"+ext) // 0600
	if err != nil {
		return s.fail(err, "cannot write layout %s in %s: %v", tmux.Quote(name), tmux.Quote(s.Dir), err)
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), s.path(name))
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return s.fail(err, "cannot write layout %s in %s: %v", tmux.Quote(name), tmux.Quote(s.Dir), err)
	}
	return nil
}

// Delete removes the layout called name, broken or not.
func (s *Store) Delete(name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	err := os.Remove(s.path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return s.missing(name)
	}
	if err != nil {
		return s.fail(err, "cannot delete layout %s: %v", tmux.Quote(name), err)
	}
	return nil
}

// Rename gives layout old the name new: the new file is written before
// the old one goes, so a failure between leaves both, never neither.
func (s *Store) Rename(old, new string, overwrite bool) error {
	if err := CheckName(new); err != nil {
		return err
	}
	l, err := s.Load(old)
	if err != nil || old == new {
		return err
	}
	l.Name = new
	if err := s.Save(l, overwrite); err != nil {
		return err
	}
	return s.Delete(old)
}

func (s *Store) missing(name string) error {
	return &tmux.Error{Kind: tmux.KindGone, Value: name, Message: fmt.Sprintf("layout %s does not exist: no %s in %s", tmux.Quote(name), name+ext, tmux.Quote(s.Dir))}
}

// fail is an error of the file system's, as KindRefused (the system said
// no: permissions, a full disk).
func (s *Store) fail(err error, format string, args ...any) error {
	return &tmux.Error{Kind: tmux.KindRefused, Value: s.Dir, Message: fmt.Sprintf(format, args...), Err: err}
}
