package tmux

import "testing"

// Layouts a master server wrote with a modal pane open (new-pane -O -x
// 80% -y 75% over a 120x40 window of one pane, then of a 2x2 grid), and
// what it wrote once the pane was killed.
func TestTiledWithout(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// One pane: tmux wrapped the root leaf in a [ node for the floating leaf.
		{"da75,120x40,0,0[120x40,0,0,0,94x28,4,2,1]<94x28,4,2,1>", "aafd,120x40,0,0,0"},
		// A grid; the floating leaf sits beside %0, in its container.
		{"54ef,120x40,0,0{60x40,0,0[60x20,0,0,0,94x28,8,4,5,60x19,0,21,3],59x40,61,0[59x20,61,0,2,59x19,61,21,4]}<94x28,8,4,5>",
			"14cd,120x40,0,0{60x40,0,0[60x20,0,0,0,60x19,0,21,3],59x40,61,0[59x20,61,0,2,59x19,61,21,4]}"},
	} {
		got, err := TiledWithout(c.in, map[bool]int{true: 1, false: 5}[len(c.in) < 70])
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	for _, bad := range []string{
		"aafd,120x40,0,0,0", // no floating pane
		"6d1c,120x40,0,0{60x40,0,0[60x20,0,0,0,94x28,13,5,4,60x19,0,21,2],59x40,61,0[59x20,61,0,1,59x19,61,21,3]}<94x28,13,5,4,10x5,2,2,7>", // two floating panes
		"6d1c,120x40,0,0{60x40,0,0[60x20,0,0,0,94x28,13,5,5,60x19,0,21,2],59x40,61,0[59x20,61,0,1,59x19,61,21,3]}<94x28,13,5,5>",            // another pane floats
	} {
		if got, err := TiledWithout(bad, 4); err == nil {
			t.Errorf("%s: took it, gave %s", bad, got)
		}
	}
}
