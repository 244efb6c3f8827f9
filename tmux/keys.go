package tmux

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// keyNameRE (compiled when first used, not as panemap starts) is what a
// tmux key name looks like: up to three C-/M-/S-
// modifiers, then one printable character (optionally written ^c), or a
// named key such as F5, PPage, BSpace or KP*. Nothing else is looked up.
// The key never goes to tmux (list-keys is read whole and filtered here),
// but a strict shape keeps odd input from meaning anything.
var keyNameRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[CMS]-){0,3}(?:\^?[!-~]|[^\x00-\x7f]|[A-Za-z][A-Za-z0-9]{1,11}|[Kk][Pp][-*+/.])$`)
})

// ParseKeyName checks that key looks like a tmux key name.
func ParseKeyName(key string) error {
	if !keyNameRE().MatchString(key) {
		return &Error{Kind: KindInvalidInput, Value: key, Message: fmt.Sprintf("invalid tmux key name %s: want a key such as G, M-g, C-g or F5", Quote(key))}
	}
	return nil
}

// keyAliases are tmux's other names for keys list-keys prints by their
// first name.
var keyAliases = map[string]string{"insert": "ic", "delete": "dc", "pagedown": "npage", "pgdn": "npage", "pageup": "ppage", "pgup": "ppage"}

// CanonicalKey spells a key one way, so the user's spelling matches what
// list-keys prints: modifiers sorted (3.5+ prints C-M-g, older tmux
// M-C-g), ^c as C-c, named keys in lower case (tmux reads them in any
// case) with aliases resolved, and a control letter in lower case (before
// 3.5 tmux prints C-G as C-g).
func CanonicalKey(key string) string {
	var mods []string
	for len(key) > 2 && key[1] == '-' && strings.IndexByte("CMS", key[0]) >= 0 {
		mods, key = append(mods, key[:1]), key[2:]
	}
	if len(key) == 2 && key[0] == '^' {
		mods, key = append(mods, "C"), key[1:]
	}
	slices.Sort(mods)
	mods = slices.Compact(mods)
	switch {
	case len([]rune(key)) > 1:
		key = strings.ToLower(key)
		if a, ok := keyAliases[key]; ok {
			key = a
		}
	case slices.Contains(mods, "C"):
		key = strings.ToLower(key)
	}
	return strings.Join(append(mods, key), "-")
}

// KeyBinding is one key of a tmux key table and the command it runs.
type KeyBinding struct {
	Key     string // as list-keys names it, unescaped
	Command string
}

// ParseKeyTable reads the bindings of key table table from list-keys
// output, which prints one `bind-key [-r] -T TABLE KEY COMMAND` line per
// binding, with KEY escaped for tmux's parser and the columns padded with
// spaces.
func ParseKeyTable(out, table string) []KeyBinding {
	var all []KeyBinding
	for _, line := range strings.Split(out, "\n") {
		rest, ok := strings.CutPrefix(line, "bind-key ")
		if !ok {
			continue
		}
		next := func() string {
			w, after, _ := strings.Cut(strings.TrimLeft(rest, " "), " ")
			rest = after
			return w
		}
		w := next()
		if w == "-r" { // a repeatable binding
			w = next()
		}
		if w != "-T" || next() != table {
			continue
		}
		key := unescapeKey(next())
		all = append(all, KeyBinding{Key: key, Command: strings.TrimSpace(rest)})
	}
	return all
}

// unescapeKey undoes list-keys' quoting of a key: \X for a single special
// character, "…" with backslash escapes, '…' literally, and a doubled
// backslash in a bare word (M-\\).
func unescapeKey(s string) string {
	if len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'' {
		return s[1 : len(s)-1]
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		if i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		i++
		b.WriteByte(s[i])
	}
	return b.String()
}

// Words splits a bound command as list-keys prints it into its words,
// undoing list-keys' quoting ("…" with backslash escapes, '…'
// literally); nil when it is not one command of plain and quoted words.
func (b KeyBinding) Words() []string {
	var words []string
	s := b.Command
	for s = strings.TrimLeft(s, " "); s != ""; s = strings.TrimLeft(s, " ") {
		end := strings.IndexByte(s, ' ')
		switch s[0] {
		case '"':
			if end = closingQuote(s); end < 0 {
				return nil
			}
		case '\'':
			end = strings.IndexByte(s[1:], '\'') + 2
			if end == 1 {
				return nil
			}
		}
		if end < 0 {
			end = len(s)
		}
		if end > len(s) || end == 0 || end < len(s) && s[end] != ' ' {
			return nil
		}
		words = append(words, unescapeKey(s[:end]))
		s = s[end:]
	}
	return words
}

// closingQuote is the index after the '"' that closes the word s opens,
// -1 when none does.
func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return -1
}
