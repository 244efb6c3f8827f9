package layouts

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/panemap/panemap/tmux"
)

func testLayout(t testing.TB, name string) *Layout {
	t.Helper()
	l := layoutOf(t, windowOf(t, withSum("120x40,0,0{80x40,0,0,1,39x40,81,0[39x20,81,0,2,39x19,81,21,3]}")))
	l.Name = name
	return l
}

// files are the names in dir.
func files(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func TestDefaultStore(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/xdg")
	t.Setenv("HOME", "/home/u")
	if s, err := DefaultStore(); err != nil || s.Dir != "/xdg/panemap/layouts" {
		t.Errorf("with XDG_CONFIG_HOME: %+v, %v", s, err)
	}
	for _, xdg := range []string{"", "relative/dir"} {
		t.Setenv("XDG_CONFIG_HOME", xdg)
		if s, err := DefaultStore(); err != nil || s.Dir != "/home/u/.config/panemap/layouts" {
			t.Errorf("with XDG_CONFIG_HOME=%q: %+v, %v", xdg, s, err)
		}
	}
	t.Setenv("HOME", "")
	if _, err := DefaultStore(); tmux.KindOf(err) != tmux.KindInvalidInput {
		t.Errorf("with neither: %v", err)
	}
}

// TestStoreSaveLoad: a layout comes back as saved, from a 0600 file in a
// 0700 directory made for it, with no temporary file left; saving over a
// name needs overwrite, and without it changes nothing.
func TestStoreSaveLoad(t *testing.T) {
	t.Parallel()
	s := &Store{Dir: filepath.Join(t.TempDir(), "panemap", "layouts")}
	l := testLayout(t, "dev")
	if err := s.Save(l, false); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load("dev")
	if err != nil || !reflect.DeepEqual(got, l) {
		t.Fatalf("Load: %v\n got %+v\nwant %+v", err, got, l)
	}
	for path, mode := range map[string]fs.FileMode{s.Dir: fs.ModeDir | 0o700, s.path("dev"): 0o600} {
		if st, err := os.Stat(path); err != nil || st.Mode() != mode {
			t.Errorf("%s: %v, %v; want %v", path, st.Mode(), err, mode)
		}
	}
	data, _ := os.ReadFile(s.path("dev"))
	if !strings.Contains(string(data), `"version": 1`) || !strings.Contains(string(data), `"window_layout"`) {
		t.Errorf("the file:\n%s", data)
	}
	other := testLayout(t, "dev")
	other.Zoomed = true
	err = s.Save(other, false)
	if tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), `layout "dev" exists`) {
		t.Errorf("Save over a name: %v", err)
	}
	if got, _ := s.Load("dev"); got.Zoomed {
		t.Error("a refused Save changed the file")
	}
	if err := s.Save(other, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Load("dev"); !got.Zoomed {
		t.Error("Save with overwrite did not replace the file")
	}
	if names := files(t, s.Dir); !slices.Equal(names, []string{"dev.json"}) {
		t.Errorf("files left: %v", names)
	}
}

// TestStoreRefuses: bad names, layouts that could not be read back, and
// names with no layout are errors naming the value, and change nothing.
func TestStoreRefuses(t *testing.T) {
	t.Parallel()
	s := &Store{Dir: t.TempDir()}
	if err := s.Save(testLayout(t, "a"), false); err != nil {
		t.Fatal(err)
	}
	bad := testLayout(t, "b")
	bad.Slots = bad.Slots[:2]
	for what, err := range map[string]error{
		"Save with a bad name":   s.Save(testLayout(t, "../x"), false),
		"Save of a broken one":   s.Save(bad, false),
		"Load with a bad name":   func() error { _, err := s.Load(".a"); return err }(),
		"Delete with a bad name": s.Delete("a/b"),
		"Rename to a bad name":   s.Rename("a", "", false),
		"Rename over a layout":   func() error { _ = s.Save(testLayout(t, "c"), false); return s.Rename("a", "c", false) }(),
	} {
		if tmux.KindOf(err) != tmux.KindInvalidInput {
			t.Errorf("%s: %v, want invalid_input", what, err)
		}
	}
	for what, err := range map[string]error{
		"Load of none":   func() error { _, err := s.Load("none"); return err }(),
		"Delete of none": s.Delete("none"),
		"Rename of none": s.Rename("none", "x", false),
	} {
		if tmux.KindOf(err) != tmux.KindGone || !strings.Contains(err.Error(), `"none" does not exist`) {
			t.Errorf("%s: %v, want gone naming it", what, err)
		}
	}
	if names := files(t, s.Dir); !slices.Equal(names, []string{"a.json", "c.json"}) {
		t.Errorf("files: %v", names)
	}
}

func TestStoreDeleteRename(t *testing.T) {
	t.Parallel()
	s := &Store{Dir: t.TempDir()}
	for _, name := range []string{"a", "b"} {
		if err := s.Save(testLayout(t, name), false); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Rename("a", "z", false); err != nil {
		t.Fatal(err)
	}
	if l, err := s.Load("z"); err != nil || l.Name != "z" {
		t.Errorf("after Rename: %+v, %v", l, err)
	}
	if err := s.Rename("z", "b", true); err != nil {
		t.Fatal(err)
	}
	if err := s.Rename("b", "b", false); err != nil {
		t.Errorf("Rename to itself: %v", err)
	}
	if err := s.Delete("b"); err != nil {
		t.Fatal(err)
	}
	if es, err := s.List(); err != nil || len(es) != 0 {
		t.Errorf("List after: %+v, %v", es, err)
	}
}

// TestStoreListsBroken: List answers every layout file by name, a file
// that cannot be read as its layout with the reason, and leaves out what
// is not a layout file; a missing directory is an empty list.
func TestStoreListsBroken(t *testing.T) {
	t.Parallel()
	s := &Store{Dir: t.TempDir()}
	for _, name := range []string{"fine", "other"} {
		if err := s.Save(testLayout(t, name), false); err != nil {
			t.Fatal(err)
		}
	}
	good, _ := os.ReadFile(s.path("fine"))
	write := func(file, text string) {
		if err := os.WriteFile(filepath.Join(s.Dir, file), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("corrupt.json", `{"version": 1, "name": "corrupt", "tree": {`)
	write("empty.json", "")
	write("future.json", `{"version": 2, "name": "future", "something": "new"}`)
	write("noversion.json", `{"name": "noversion"}`)
	write("moved.json", string(good))
	write("badtree.json", strings.NewReplacer(`"slot": 2`, `"slot": 7`, `"name": "fine"`, `"name": "badtree"`).Replace(string(good)))
	write("wrongtype.json", `{"version": 1, "name": 5}`)
	write(".tmp-123.json", "half")
	write("notes.txt", "not a layout")
	if err := os.Mkdir(filepath.Join(s.Dir, "dir.json"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(s.Dir, "nowhere"), s.path("dangling")); err != nil {
		t.Fatal(err)
	}
	entries, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"badtree":   "its tree has slot 7, not one of its 3 slots",
		"corrupt":   "corrupt JSON",
		"dangling":  "cannot be read",
		"empty":     "corrupt JSON",
		"fine":      "",
		"future":    "is of version 2, which this panemap does not read (it reads version 1)",
		"moved":     `holds layout "fine", not "moved"`,
		"noversion": "has no version",
		"other":     "",
		"wrongtype": "corrupt JSON",
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name)
		w, ok := want[e.Name]
		switch {
		case !ok:
			t.Errorf("listed %q", e.Name)
		case w == "" && (e.Broken != "" || e.Layout == nil || e.Layout.Name != e.Name):
			t.Errorf("%s: broken %q, layout %v", e.Name, e.Broken, e.Layout)
		case w != "" && (!strings.Contains(e.Broken, w) || e.Layout != nil):
			t.Errorf("%s: broken %q, want it to say %q", e.Name, e.Broken, w)
		}
	}
	if !slices.IsSorted(names) || len(names) != len(want) {
		t.Errorf("listed %v", names)
	}
	if _, err := s.Load("future"); tmux.KindOf(err) != tmux.KindInvalidInput || !strings.Contains(err.Error(), "version 2") {
		t.Errorf("Load of a broken one: %v", err)
	}
	if err := s.Delete("corrupt"); err != nil {
		t.Errorf("Delete of a broken one: %v", err)
	}
	if es, err := (&Store{Dir: filepath.Join(s.Dir, "missing")}).List(); err != nil || es != nil {
		t.Errorf("a missing directory: %v, %v", es, err)
	}
	if _, err := (&Store{Dir: s.path("fine")}).List(); tmux.KindOf(err) != tmux.KindRefused {
		t.Errorf("a file as the directory: %v", err)
	}
}

// BenchmarkStoreList: the navigator's list of 50 saved layouts of 9
// panes each, read and checked.
func BenchmarkStoreList(b *testing.B) {
	s := &Store{Dir: b.TempDir()}
	l := layoutOf(b, windowOf(b, withSum("80x24,0,0[80x8,0,0{26x8,0,0,1,26x8,27,0,2,26x8,54,0,3},80x7,0,9{26x7,0,9,4,26x7,27,9,5,26x7,54,9,6},80x7,0,17{26x7,0,17,7,26x7,27,17,8,26x7,54,17,9}]")))
	for i := range 50 {
		l.Name = fmt.Sprintf("layout-%02d", i)
		if err := s.Save(l, false); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		es, err := s.List()
		if err != nil || len(es) != 50 || es[49].Broken != "" {
			b.Fatal(len(es), err)
		}
	}
}
