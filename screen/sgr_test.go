package screen

import (
	"strings"
	"testing"
)

func TestSGR(t *testing.T) {
	ansiC := func(n uint32) Color { return Color{ANSIColor, n} }
	idx := func(n uint32) Color { return Color{IndexedColor, n} }
	rgb := func(v uint32) Color { return Color{RGBColor, v} }
	tests := []struct {
		name, in string
		want     Style
	}{
		{"fg 16", "\x1b[31m", Style{FG: ansiC(1)}},
		{"fg bright", "\x1b[97m", Style{FG: ansiC(15)}},
		{"bg 16", "\x1b[44m", Style{BG: ansiC(4)}},
		{"bg bright", "\x1b[101m", Style{BG: ansiC(9)}},
		{"fg 256", "\x1b[38;5;196m", Style{FG: idx(196)}},
		{"fg 256 colon", "\x1b[38:5:196m", Style{FG: idx(196)}},
		{"fg 256 low stays indexed", "\x1b[38;5;1m", Style{FG: idx(1)}},
		{"bg 256", "\x1b[48;5;21m", Style{BG: idx(21)}},
		{"bg 256 colon", "\x1b[48:5:21m", Style{BG: idx(21)}},
		{"fg rgb", "\x1b[38;2;255;128;0m", Style{FG: rgb(0xff8000)}},
		{"fg rgb colon with colour space", "\x1b[38:2::255:128:0m", Style{FG: rgb(0xff8000)}},
		{"fg rgb colon with colour space id", "\x1b[38:2:1:255:128:0m", Style{FG: rgb(0xff8000)}},
		{"fg rgb colon without colour space", "\x1b[38:2:255:128:0m", Style{FG: rgb(0xff8000)}},
		{"bg rgb", "\x1b[48;2;1;2;3m", Style{BG: rgb(0x010203)}},
		{"bg rgb colon", "\x1b[48:2::1:2:3m", Style{BG: rgb(0x010203)}},
		{"underline colour 256", "\x1b[58;5;9m", Style{UnderlineColor: idx(9)}},
		{"underline colour rgb colon", "\x1b[58:2::1:2:3m", Style{UnderlineColor: rgb(0x010203)}},
		{"underline colour reset", "\x1b[58;5;9;59m", Style{}},
		{"rgb then more", "\x1b[38;2;1;2;3;1;44m", Style{FG: rgb(0x010203), BG: ansiC(4), Attrs: Bold}},
		{"all attributes", "\x1b[1;2;3;5;7;8;9;53m", Style{Attrs: Bold | Faint | Italic | Blink | Reverse | Invisible | Strikethrough | Overline}},
		{"rapid blink", "\x1b[6m", Style{Attrs: Blink}},
		{"attributes off", "\x1b[1;2;3;4;5;7;8;9;53m\x1b[22;23;24;25;27;28;29;55m", Style{}},
		{"22 clears bold and faint only", "\x1b[1;2;3m\x1b[22m", Style{Attrs: Italic}},
		{"underline", "\x1b[4m", Style{Underline: SingleUnderline}},
		{"double underline 21", "\x1b[21m", Style{Underline: DoubleUnderline}},
		{"curly", "\x1b[4:3m", Style{Underline: CurlyUnderline}},
		{"dotted", "\x1b[4:4m", Style{Underline: DottedUnderline}},
		{"dashed", "\x1b[4:5m", Style{Underline: DashedUnderline}},
		{"4:0 off", "\x1b[4:3m\x1b[4:0m", Style{}},
		{"4:9 ignored", "\x1b[4:3m\x1b[4:9m", Style{Underline: CurlyUnderline}},
		{"reset 0", "\x1b[1;31m\x1b[0m", Style{}},
		{"reset empty", "\x1b[1;31m\x1b[m", Style{}},
		{"empty parameter is reset", "\x1b[1;31;m", Style{}},
		{"leading empty parameter", "\x1b[1m\x1b[;31m", Style{FG: ansiC(1)}},
		{"default fg bg", "\x1b[31;41m\x1b[39;49m", Style{}},
		{"256 out of range resets", "\x1b[31m\x1b[38;5;300m", Style{}},
		// tmux: a bad RGB leaves its parameters to be read as codes;
		// here 0 is a reset.
		{"rgb out of range", "\x1b[1m\x1b[38;2;300;0;0m", Style{}},
		{"rgb truncated: 1 read as bold, as tmux does", "\x1b[38;2;1m", Style{Attrs: Bold}},
		{"38 alone", "\x1b[38m", Style{}},
		{"too many sub-parameters", "\x1b[38:2:0:1:2:3:4:5:6m", Style{}},
		{"too many parameters", "\x1b[1" + strings.Repeat(";1", maxParams) + "m", Style{}},
		{"as many parameters as tmux takes", "\x1b[1" + strings.Repeat(";1", maxParams-1) + "m", Style{Attrs: Bold}},
		{"huge number", "\x1b[99999999999999999999999999999m\x1b[31m", Style{FG: ansiC(1)}},
		{"unknown codes ignored", "\x1b[31;10;11;26;50;60;73m", Style{FG: ansiC(1)}},
		{"private marker ignored", "\x1b[31m\x1b[?0m", Style{FG: ansiC(1)}},
		{"ESC ESC starts a new sequence", "\x1b\x1b[31m", Style{FG: ansiC(1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Parse(tt.in+"x", 2, 1)
			if got := s.Lines[0][0]; got.Text != "x" || got.Style != tt.want {
				t.Errorf("Parse(%q) = %q %+v, want x %+v", tt.in+"x", got.Text, got.Style, tt.want)
			}
		})
	}
}

// SGR state carries from line to line: tmux's capture writes only the
// changes.
func TestSGRAcrossLines(t *testing.T) {
	s := Parse("\x1b[1;31ma\nb\x1b[0m\nc", 2, 3)
	want := Style{FG: Color{ANSIColor, 1}, Attrs: Bold}
	if s.Lines[0][0].Style != want || s.Lines[1][0].Style != want {
		t.Errorf("styles %+v %+v, want %+v on both lines", s.Lines[0][0].Style, s.Lines[1][0].Style, want)
	}
	if s.Lines[2][0].Style != (Style{}) {
		t.Errorf("line 2 style %+v, want reset", s.Lines[2][0].Style)
	}
	// Blanks the capture did not write are default, whatever the state.
	if s.Lines[0][1].Style != (Style{}) {
		t.Errorf("padding style %+v, want default", s.Lines[0][1].Style)
	}
}
