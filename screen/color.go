package screen

import (
	"image/color"
	"strconv"
	"sync"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// degrade converts c to what the profile can draw, with colorprofile's
// conversion (RGB to 256 to 16: ansi.Convert256, ansi.Convert16).
func (r *renderer) degrade(c Color) Color {
	switch {
	case c.Kind == ANSIColor && c.Value > 15,
		c.Kind == IndexedColor && c.Value > 255,
		c.Kind == RGBColor && c.Value > 0xffffff,
		c.Kind > RGBColor:
		return Color{} // a hand-built Color that is none
	case r.profile >= colorprofile.TrueColor || c.Kind == DefaultColor || c.Kind == ANSIColor:
		return c
	case c.Kind == RGBColor:
		i := rgbTo256(c.Value)
		if r.profile == colorprofile.ANSI256 {
			return Color{IndexedColor, uint32(i)}
		}
		return Color{ANSIColor, uint32(ansi.Convert16(i))}
	case r.profile == colorprofile.ANSI: // IndexedColor
		return Color{ANSIColor, uint32(ansi.Convert16(ansi.IndexedColor(c.Value)))}
	}
	return c
}

// rgbCache remembers ansi.Convert256 for recent RGB colours: it measures
// distances in HSLuv, microseconds a colour, and a pane draws the same
// few again and again. It is bounded (direct-mapped, an entry per slot),
// unlike colorprofile.Convert's cache, which keeps every colour it has
// ever seen, and a pane can show millions.
var rgbCache struct {
	sync.Mutex
	slot [1024]struct {
		key uint32 // 1<<24 | rgb; 0 is empty
		idx ansi.IndexedColor
	}
}

// rgbTo256 is ansi.Convert256 of the RGB colour v, cached.
func rgbTo256(v uint32) ansi.IndexedColor {
	key := 1<<24 | v
	h := (v * 0x9e3779b1) >> 22 // Fibonacci hashing into 1024 slots
	rgbCache.Lock()
	e := rgbCache.slot[h]
	rgbCache.Unlock()
	if e.key == key {
		return e.idx
	}
	i := ansi.Convert256(color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff})
	rgbCache.Lock()
	rgbCache.slot[h].key, rgbCache.slot[h].idx = key, i
	rgbCache.Unlock()
	return i
}

// appendColor appends the SGR for c: base+n for the first eight ANSI
// colours, bright+n for the next eight, ext;5;n or ext;2;r;g;b otherwise.
func appendColor(b []byte, c Color, base, bright int, ext string) []byte {
	if len(b) > 0 {
		b = append(b, ';')
	}
	switch c.Kind {
	case ANSIColor:
		if c.Value < 8 {
			return strconv.AppendInt(b, int64(base)+int64(c.Value), 10)
		}
		return strconv.AppendInt(b, int64(bright)+int64(c.Value)-8, 10)
	case IndexedColor:
		b = append(append(b, ext...), ";5;"...)
		return strconv.AppendInt(b, int64(c.Value), 10)
	}
	v := c.Value
	b = append(append(b, ext...), ";2;"...)
	b = strconv.AppendInt(b, int64(v>>16&0xff), 10)
	b = append(b, ';')
	b = strconv.AppendInt(b, int64(v>>8&0xff), 10)
	b = append(b, ';')
	return strconv.AppendInt(b, int64(v&0xff), 10)
}
