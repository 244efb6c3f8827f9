package screen

import "bytes"

// maxParam caps SGR numbers: anything larger is as meaningless as 65535,
// and capping keeps a hostile run of digits from overflowing.
const maxParam = 1<<16 - 1

// maxParams is how many parameters tmux takes (input.c, param_list); it
// ignores a sequence with more, and so does this.
const maxParams = 24

// noParam marks an empty parameter or sub-parameter.
const noParam = -1

// sgr applies the parameters of CSI params m to the parser's style, as
// tmux does (input.c, input_csi_dispatch_sgr and
// input_csi_dispatch_sgr_colon), so the preview shows a cell as tmux
// would. Parameters are ";"-separated; one with ":" sub-parameters is the
// ISO 8613-6 form (4:3 curly underline, 38:2::r:g:b, 38:5:n). Sequences
// with anything else in them (private markers such as "?", "<", ">") are
// not SGR and are ignored; so are codes tmux does not know.
func (p *parser) sgr(params []byte) {
	for _, c := range params {
		if (c < '0' || c > '9') && c != ';' && c != ':' {
			return
		}
	}
	st := &p.style
	if len(params) == 0 {
		*st = Style{}
		return
	}
	if bytes.Count(params, []byte{';'}) >= maxParams {
		return
	}
	var list [maxParams]param
	ps := splitParams(params, list[:0])
	for i := 0; i < len(ps); i++ {
		if ps[i].sub != nil {
			sgrColon(st, ps[i].sub)
			continue
		}
		n := ps[i].n
		if n == noParam {
			n = 0 // an empty parameter is 0: a reset
		}
		switch {
		case n == 38 || n == 48 || n == 58:
			i++
			switch get(ps, i) {
			case 2:
				r, g, b := get(ps, i+1), get(ps, i+2), get(ps, i+3)
				if setRGB(st, n, r, g, b) {
					i += 3
				}
			case 5:
				set256(st, n, get(ps, i+1))
				i++
			}
		case n == 0:
			*st = Style{}
		case n == 1:
			st.Attrs |= Bold
		case n == 2:
			st.Attrs |= Faint
		case n == 3:
			st.Attrs |= Italic
		case n == 4:
			st.Underline = SingleUnderline
		case n == 5 || n == 6:
			st.Attrs |= Blink
		case n == 7:
			st.Attrs |= Reverse
		case n == 8:
			st.Attrs |= Invisible
		case n == 9:
			st.Attrs |= Strikethrough
		case n == 21:
			st.Underline = DoubleUnderline
		case n == 22:
			st.Attrs &^= Bold | Faint
		case n == 23:
			st.Attrs &^= Italic
		case n == 24:
			st.Underline = NoUnderline
		case n == 25:
			st.Attrs &^= Blink
		case n == 27:
			st.Attrs &^= Reverse
		case n == 28:
			st.Attrs &^= Invisible
		case n == 29:
			st.Attrs &^= Strikethrough
		case n >= 30 && n <= 37:
			st.FG = Color{ANSIColor, uint32(n - 30)}
		case n == 39:
			st.FG = Color{}
		case n >= 40 && n <= 47:
			st.BG = Color{ANSIColor, uint32(n - 40)}
		case n == 49:
			st.BG = Color{}
		case n == 53:
			st.Attrs |= Overline
		case n == 55:
			st.Attrs &^= Overline
		case n == 59:
			st.UnderlineColor = Color{}
		case n >= 90 && n <= 97:
			st.FG = Color{ANSIColor, uint32(n - 90 + 8)}
		case n >= 100 && n <= 107:
			st.BG = Color{ANSIColor, uint32(n - 100 + 8)}
		}
	}
}

// param is one ";"-separated SGR parameter: a number (noParam if empty),
// or, when it has ":" in it, its sub-parameters.
type param struct {
	n   int
	sub []int
}

// splitParams splits params at ";" and each parameter at ":". An empty
// field is noParam: "1;" is 1 then an empty parameter, which SGR reads as
// 0, as tmux and xterm do.
func splitParams(params []byte, ps []param) []param {
	for {
		field, rest, more := bytes.Cut(params, []byte{';'})
		ps = append(ps, splitParam(field))
		if !more {
			return ps
		}
		params = rest
	}
}

// splitParam reads one parameter, keeping up to maxSub sub-parameters
// (tmux ignores a parameter with that many).
func splitParam(field []byte) param {
	if bytes.IndexByte(field, ':') < 0 {
		return param{n: number(field)}
	}
	var pr param
	for {
		sub, rest, more := bytes.Cut(field, []byte{':'})
		if len(pr.sub) < maxSub {
			pr.sub = append(pr.sub, number(sub))
		}
		if !more {
			return pr
		}
		field = rest
	}
}

// maxSub is how many sub-parameters tmux takes before ignoring a
// parameter.
const maxSub = 8

// number is the decimal value of b, noParam if b is empty, capped at
// maxParam.
func number(b []byte) int {
	if len(b) == 0 {
		return noParam
	}
	n := 0
	for _, c := range b {
		n = min(n*10+int(c-'0'), maxParam)
	}
	return n
}

// get is parameter i as a number: noParam if it is missing, empty or has
// sub-parameters.
func get(ps []param, i int) int {
	if i >= len(ps) || ps[i].sub != nil {
		return noParam
	}
	return ps[i].n
}

// sgrColon applies one parameter in the ":" form, as tmux's
// input_csi_dispatch_sgr_colon: 4:n underline styles; 38, 48 and 58 with
// 2 (RGB, with or without the colour-space id: 38:2::r:g:b, 38:2:r:g:b)
// or 5 (38:5:n).
func sgrColon(st *Style, p []int) {
	if len(p) >= maxSub { // tmux gives up on this many
		return
	}
	if p[0] == 4 {
		if len(p) == 2 && p[1] >= 0 && p[1] <= int(DashedUnderline) {
			st.Underline = Underline(p[1])
		}
		return
	}
	if len(p) < 2 || (p[0] != 38 && p[0] != 48 && p[0] != 58) {
		return
	}
	switch p[1] {
	case 2:
		i := 3
		if len(p) == 5 {
			i = 2
		}
		if len(p) >= i+3 {
			setRGB(st, p[0], p[i], p[i+1], p[i+2])
		}
	case 5:
		if len(p) >= 3 {
			set256(st, p[0], p[2])
		}
	}
}

// setRGB sets colour fgbg (38, 48, 58) to r, g, b, if they are valid; it
// reports whether it did.
func setRGB(st *Style, fgbg, r, g, b int) bool {
	if r < 0 || r > 255 || g < 0 || g > 255 || b < 0 || b > 255 {
		return false
	}
	setColor(st, fgbg, Color{RGBColor, uint32(r)<<16 | uint32(g)<<8 | uint32(b)})
	return true
}

// set256 sets colour fgbg to palette entry c; an invalid c resets the
// foreground or background (not the underline colour), as tmux does.
func set256(st *Style, fgbg, c int) {
	if c < 0 || c > 255 {
		if fgbg != 58 {
			setColor(st, fgbg, Color{})
		}
		return
	}
	setColor(st, fgbg, Color{IndexedColor, uint32(c)})
}

func setColor(st *Style, fgbg int, c Color) {
	switch fgbg {
	case 38:
		st.FG = c
	case 48:
		st.BG = c
	case 58:
		st.UnderlineColor = c
	}
}
