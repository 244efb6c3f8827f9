package screen

import "testing"

func TestRegion(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                       string
		paneW, paneH, cx, cy, w, h int
		wantX, wantY               int
	}{
		// A prompt on the last line: pushed back inside, so the bottom
		// of the pane shows, the output above the prompt.
		{"prompt at the bottom", 80, 24, 2, 23, 20, 6, 0, 18},
		// The cursor on the last row, and on the last column when the
		// region must move sideways to hold it.
		{"cursor in the middle", 80, 24, 40, 12, 21, 6, 20, 7},
		{"prompt within the first columns", 80, 24, 15, 12, 21, 6, 0, 7},
		{"fresh pane: prompt near the top", 80, 24, 24, 6, 38, 9, 0, 0},
		{"cursor near the top left", 80, 24, 3, 1, 20, 6, 0, 0},
		{"cursor at the right edge", 80, 24, 79, 0, 20, 6, 60, 0},
		{"region as big as the pane", 80, 24, 50, 20, 80, 24, 0, 0},
		{"region bigger than the pane", 10, 5, 9, 4, 20, 10, 0, 0},
		{"hidden cursor: top left", 80, 24, 0, 0, 20, 6, 0, 0},
		{"cursor outside the pane", 80, 24, 200, -5, 20, 6, 60, 0},
		{"empty pane", 0, 0, 0, 0, 20, 6, 0, 0},
		{"empty region", 80, 24, 40, 12, 0, -1, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, y := Region(tt.paneW, tt.paneH, tt.cx, tt.cy, tt.w, tt.h)
			if x != tt.wantX || y != tt.wantY {
				t.Errorf("Region(%d, %d, %d, %d, %d, %d) = %d, %d, want %d, %d",
					tt.paneW, tt.paneH, tt.cx, tt.cy, tt.w, tt.h, x, y, tt.wantX, tt.wantY)
			}
		})
	}
}

// Whenever the region fits in the pane it lies inside it and shows the
// cursor.
func TestRegionContainsCursor(t *testing.T) {
	t.Parallel()
	for size := 1; size <= 12; size++ {
		for n := 1; n <= size; n++ {
			for at := 0; at < size; at++ {
				p, _ := Region(size, 1, at, 0, n, 1)
				if p < 0 || p+n > size || at < p || at >= p+n {
					t.Fatalf("size %d, region %d, cursor %d: starts at %d", size, n, at, p)
				}
			}
		}
	}
}

func TestAnchor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		text         string
		cx, cy       int
		wantX, wantY int
	}{
		// watch: three lines at the top, the cursor parked on the last
		// row: the last line of text is the anchor.
		{"text at the top, cursor parked at the bottom", "Every 1s: date\n\nThu Dec  3\n", 0, 9, 0, 2},
		{"parked to the right as well", "top\n", 30, 9, 0, 0},
		// A shell: the cursor is on its prompt, which holds text.
		{"prompt at the bottom", "out\nout\n\n\n\n\n\n\n\n$ ", 2, 9, 2, 9},
		{"prompt in the middle, blank below", "out\n$ ", 2, 1, 2, 1},
		// A blank cursor row with text below it stays the anchor
		// (an editor's empty line).
		{"blank row between text", "a\n\n\nb", 0, 1, 0, 1},
		{"blank screen", "", 5, 7, 5, 7},
		// A coloured bar of spaces shows, and so counts as text.
		{"background-coloured bar", "\x1b[44m   \x1b[m\n", 0, 9, 0, 0},
		{"bar further down", "a\n\n\n\x1b[7m \x1b[m\n", 0, 9, 0, 3},
		// Spaces in a foreground colour show nothing.
		{"coloured spaces", "a\n\x1b[31m   \x1b[m\n", 0, 9, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.text, 40, 10)
			x, y := s.Anchor(tt.cx, tt.cy)
			if x != tt.wantX || y != tt.wantY {
				t.Errorf("Anchor(%d, %d) = (%d, %d), want (%d, %d)", tt.cx, tt.cy, x, y, tt.wantX, tt.wantY)
			}
		})
	}
	var nilScreen *Screen
	if x, y := nilScreen.Anchor(3, 4); x != 3 || y != 4 {
		t.Errorf("nil screen: (%d, %d), want the cursor", x, y)
	}
}
