package search

import (
	"encoding/binary"
	"slices"
	"unicode"
	"unicode/utf8"
)

// Case folding. A case-insensitive search compares folded text with a
// folded query, where folding replaces every rune by one canonical member
// of its simple case-folding orbit (the set unicode.SimpleFold cycles
// through). Two runes fold to the same rune exactly when strings.EqualFold
// calls them equal, so 'é' finds 'É', 'σ' finds 'ς' and 'Σ', and 'k' finds
// the Kelvin sign 'K'. What simple folding does not do, this does not do
// either: 'ß' does not find "ss", and Turkish 'İ' and 'ı' fold only to
// themselves, so they neither find nor are found by 'i'.
//
// The canonical rune is the orbit's smallest, except that an ASCII capital
// is turned to its lower-case letter: ASCII, nearly all of any terminal's
// text, then folds eight bytes at a time, and a non-ASCII rune whose orbit
// holds an ASCII letter (the Kelvin sign, the long s 'ſ') folds to that
// lower-case letter as ASCII does, so both routes agree.
//
// Bytes that are not valid UTF-8 are kept as they are, one byte each.
//
// Folding never makes text longer: the smallest rune of an orbit is no
// longer in UTF-8 than any other. It can make it shorter (the Kelvin sign
// is 3 bytes, 'k' is 1), so byte offsets in folded text are not always
// offsets in the original: foldAppend reports whether they are, and
// origSpan maps them back when they are not.

// canon returns the rune r folds to.
func canon(r rune) rune {
	if r < utf8.RuneSelf {
		return rune(lowerWord(uint64(r)))
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	if 'A' <= m && m <= 'Z' {
		m += 'a' - 'A'
	}
	return m
}

// foldAt folds the rune or invalid byte that starts s[i:]: it returns the
// canonical rune (or -1 for a byte kept as it is), how many bytes of s it
// spans and how many bytes its folded form takes.
func foldAt(s string, i int) (c rune, size, flen int) {
	if b := s[i]; b < utf8.RuneSelf {
		return rune(lowerWord(uint64(b))), 1, 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size == 1 {
		return -1, 1, 1
	}
	c = canon(r)
	return c, size, utf8.RuneLen(c)
}

// fold returns the folded form of s, and whether every rune kept its
// length, so that an offset in the folded form is the same offset in s. It
// returns s itself when folding changes nothing.
func fold(s string) (string, bool) {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && (s[i] < 'A' || 'Z' < s[i]) {
		i++ // the prefix that folding keeps as it is: usually a short one
	}
	if i == len(s) {
		return s, true
	}
	f, changed, aligned := foldAppend(nil, s)
	if !changed {
		return s, true
	}
	return string(f), aligned
}

// foldAppend appends the folded form of s to dst. It reports whether that
// differs from s, and whether every rune kept its length.
func foldAppend(dst []byte, s string) (out []byte, changed, aligned bool) {
	n0 := len(dst)
	dst = slices.Grow(dst, len(s))[:n0+len(s)]
	b := dst[n0:] // as long as s, which its folded form never outgrows
	i, j := 0, 0  // b[:j] is the folded form of s[:i]
	aligned = true
	for i < len(s) {
		if i+8 <= len(s) {
			if w := load(s, i); w&highs == 0 { // 8 ASCII bytes
				binary.LittleEndian.PutUint64(b[j:], lowerWord(w))
				i += 8
				j += 8
				continue
			}
		}
		if c := s[i]; c < utf8.RuneSelf {
			b[j] = byte(lowerWord(uint64(c)))
			i++
			j++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b[j] = s[i] // an invalid byte, kept
			i++
			j++
			continue
		}
		n := utf8.EncodeRune(b[j:], canon(r))
		aligned = aligned && n == size
		i += size
		j += n
	}
	return dst[:n0+j], string(b[:j]) != s, aligned
}

// lowerWord lowers the ASCII capitals among the 8 ASCII bytes of w: a byte
// at or above 'A' gets its high bit set by adding 0x80-'A', a byte above
// 'Z' by adding 0x80-'Z'-1 (no sum carries into the next byte), and a
// capital, flagged by the first and not the second, gains 0x20.
func lowerWord(w uint64) uint64 {
	atA := w + ones*(0x80-'A')
	aboveZ := w + ones*(0x80-'Z'-1)
	return w | (atA&^aboveZ&highs)>>2
}

// origSpan maps the span [fs, fe) of fold(s) back to s: the smallest span
// of whole runes (or invalid bytes) of s whose folded forms cover it. A
// match that starts or ends inside a folded rune (a query can end with the
// first byte of a multi-byte rune) widens to the whole rune.
func origSpan(s string, fs, fe int) (start, end int) {
	start, end = -1, len(s)
	fo := 0 // offset in the folded form of s[:i]
	for i := 0; i < len(s); {
		_, size, flen := foldAt(s, i)
		if start < 0 && fs < fo+flen {
			start = i
		}
		if fe <= fo+flen {
			end = i + size
			break
		}
		fo += flen
		i += size
	}
	if start < 0 {
		start = end
	}
	return start, end
}

// hasUpper reports whether q holds an upper-case (or title-case) letter:
// the smart-case rule that makes such a query case-sensitive.
func hasUpper(q string) bool {
	for _, r := range q {
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				return true
			}
			continue
		}
		if unicode.IsUpper(r) || unicode.IsTitle(r) {
			return true
		}
	}
	return false
}
