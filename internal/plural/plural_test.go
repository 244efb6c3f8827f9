package plural

import "testing"

func TestCount(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 matches"}, {1, "1 match"}, {2, "2 matches"}, {11, "11 matches"}, {-1, "-1 matches"}} {
		if got := Count(tc.n, "match", "matches"); got != tc.want {
			t.Errorf("Count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
