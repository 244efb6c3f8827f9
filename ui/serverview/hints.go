package serverview

// Hints: every pane of the view carries a label of one or two letters, as
// WezTerm's PaneSelect does; typing a label jumps there. Labels come
// from the home row first, then the rows above and below, and never use
// w (it leaves the view). All labels are one letter while the server has
// no more panes than letters, else all are two letters, so no label is
// the start of another. A label stays with its pane while the view is
// open; panes that appear meanwhile get labels no one has.

// alphabet is the letters labels are made of, most reachable first.
const alphabet = "asdfghjklqertyuiopzxcvbnm"

// labeller hands out labels.
type labeller struct {
	two  bool // labels are two letters
	next int  // the next label to hand out, as a number
	of   map[string]string
}

func newLabeller(panes int) *labeller {
	return &labeller{two: panes > len(alphabet), of: map[string]string{}}
}

// label is key's label, handing out the next one on first sight; "" when
// none is left.
func (l *labeller) label(key string) string {
	if s, ok := l.of[key]; ok {
		return s
	}
	n, limit := l.next, len(alphabet)
	if l.two {
		limit *= len(alphabet)
	}
	if n >= limit {
		return ""
	}
	l.next++
	s := string(alphabet[n%len(alphabet)])
	if l.two {
		s = string(alphabet[n/len(alphabet)]) + s
	}
	l.of[key] = s
	return s
}
