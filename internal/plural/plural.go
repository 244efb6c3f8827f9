// Package plural counts things in user-visible text: "1 pane", "2 panes".
package plural

import "strconv"

// Count is n followed by one (when n is 1) or many: Count(1, "match",
// "matches") is "1 match", Count(0, ...) "0 matches".
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
