package resident

import (
	"os"
	"sync"
)

// paintWatch is the popup's terminal as the navigator writes to it: it
// calls painted once, as the first write returns. The navigator's first
// write is its first frame: the key press's map, which ui.Run paints
// before anything else; without a snapshot, the map once read, or Bubble
// Tea's first frame (it buffers everything until then), whichever comes
// first. From then on the next idle worker's start and warm-up no longer
// delay the map the person waits for.
//
// It is a terminal as ui.Run and Bubble Tea look for one (Read, Write,
// Close, Fd), and has no WriteString, so that every write comes here.
type paintWatch struct {
	f       *os.File
	once    sync.Once
	painted func()
}

func (w *paintWatch) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	w.once.Do(w.painted)
	return n, err
}

func (w *paintWatch) Read(p []byte) (int, error) { return w.f.Read(p) }
func (w *paintWatch) Close() error               { return w.f.Close() }
func (w *paintWatch) Fd() uintptr                { return w.f.Fd() }
