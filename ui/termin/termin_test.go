package termin

import "testing"

func TestSpellLoneEsc(t *testing.T) {
	for _, tc := range []struct{ read, want string }{
		{"\x1b", KittyEsc},
		{"\x1b[A", "\x1b[A"},     // an arrow
		{"\x1bj", "\x1bj"},       // Alt+j
		{"\x1b\x1b", "\x1b\x1b"}, // two Escs in one read: Bubble Tea's to tell
		{"j", "j"},
	} {
		b := make([]byte, 64)
		n := spellLoneEsc(b, copy(b, tc.read))
		if got := string(b[:n]); got != tc.want {
			t.Errorf("%q read as %q, want %q", tc.read, got, tc.want)
		}
	}
	// A buffer too small for the rewrite keeps the ESC as it was read.
	b := []byte{0x1b, 0, 0}
	if n := spellLoneEsc(b, 1); n != 1 || b[0] != 0x1b {
		t.Errorf("a 3-byte buffer: %q", b[:n])
	}
}
