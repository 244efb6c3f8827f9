package screen

// ColorKind says how to read a [Color]'s Value.
type ColorKind uint8

const (
	// DefaultColor is the terminal's own foreground or background (SGR 39,
	// 49, 59); Value is 0.
	DefaultColor ColorKind = iota
	// ANSIColor is one of the 16 basic colours, Value 0-15: 0-7 from SGR
	// 30-37 / 40-47, 8-15 the bright ones from SGR 90-97 / 100-107.
	ANSIColor
	// IndexedColor is one of the 256 palette colours, Value 0-255, from
	// SGR 38;5;n (or 38:5:n). It stays distinct from ANSIColor, even below
	// 16, because that is what the pane asked for and tmux keeps it so.
	IndexedColor
	// RGBColor is a 24-bit colour, Value 0xRRGGBB, from SGR 38;2;r;g;b
	// (or 38:2::r:g:b, 38:2:r:g:b).
	RGBColor
)

// Color is a cell colour: the terminal's default, one of the 16 ANSI
// colours, one of 256, or 24-bit RGB. The zero Color is the default.
type Color struct {
	Kind  ColorKind
	Value uint32
}

// Attr is a set of SGR attributes other than colours and underline.
type Attr uint16

// The attributes tmux records in a grid cell (GRID_ATTR_* in tmux.h) and
// writes back out in capture-pane -e (grid.c, grid_string_cells_code).
const (
	Bold          Attr = 1 << iota // SGR 1
	Faint                          // SGR 2
	Italic                         // SGR 3
	Blink                          // SGR 5 (and 6)
	Reverse                        // SGR 7
	Invisible                      // SGR 8
	Strikethrough                  // SGR 9
	Overline                       // SGR 53
)

// Underline is the underline style: SGR 4, 21 and the 4:n forms.
type Underline uint8

// Underline styles in the order of their 4:n parameter.
const (
	NoUnderline Underline = iota
	SingleUnderline
	DoubleUnderline
	CurlyUnderline
	DottedUnderline
	DashedUnderline
)

// Style is what SGR can set on a cell. It is comparable, so cells and
// runs can be compared with ==; the zero Style is the terminal default.
type Style struct {
	FG, BG Color
	// UnderlineColor is SGR 58 (59 resets it).
	UnderlineColor Color
	Underline      Underline
	Attrs          Attr
}

// Cell is one column of a pane's screen.
type Cell struct {
	// Text is one grapheme cluster of printable text: never a control
	// character, never an escape, always valid UTF-8. It is "" for the
	// second column of a wide character.
	Text string
	// Width is the columns Text takes: 1, 2 for a wide character, and 0
	// for the second column of a wide character.
	Width int
	// Style is the SGR state the cell was written with. The second
	// column of a wide character repeats its first column's style.
	Style Style
}

// Screen is a pane's screen as Parse read it: exactly Height lines of
// exactly Width columns each, whatever the capture held.
type Screen struct {
	Width, Height int
	Lines         [][]Cell
}

// blank is the cell a screen is padded with: a space, default style.
var blank = Cell{Text: " ", Width: 1}

// newScreen is a width x height screen of zero cells, which Parse fills,
// all in one allocation.
func newScreen(width, height int) *Screen {
	width, height = max(width, 0), max(height, 0)
	s := &Screen{Width: width, Height: height, Lines: make([][]Cell, height)}
	cells := make([]Cell, width*height)
	for y := range s.Lines {
		s.Lines[y] = cells[y*width : (y+1)*width : (y+1)*width]
	}
	return s
}
