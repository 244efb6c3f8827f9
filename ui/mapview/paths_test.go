package mapview

import "testing"

func TestShortenPath(t *testing.T) {
	cases := []struct {
		path, home string
		w          int
		want       string
	}{
		{"/home/u/src/panemap", "/home/u", 40, "~/src/panemap"},
		{"/home/u", "/home/u", 40, "~"},
		{"/home/user2/x", "/home/u", 40, "/home/user2/x"},
		{"/var/log/a/very/long/path", "", 12, "/var/…g/path"},
		{"/var/log", "", 1, "…"},
		{"/var/log", "", 0, ""},
	}
	for _, c := range cases {
		if got := shortenPath(c.path, c.home, c.w); got != c.want {
			t.Errorf("shortenPath(%q, %q, %d) = %q, want %q", c.path, c.home, c.w, got, c.want)
		}
	}
}

func TestDefaultTitle(t *testing.T) {
	for _, c := range []struct {
		title, host string
		want        bool
	}{
		{"", "box.example.com", true},
		{"box.example.com", "box.example.com", true},
		{"box", "box.example.com", true},
		{"vim model.go", "box.example.com", false},
	} {
		if got := isDefaultTitle(c.title, c.host); got != c.want {
			t.Errorf("isDefaultTitle(%q, %q) = %v", c.title, c.host, got)
		}
	}
}
