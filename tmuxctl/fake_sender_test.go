package tmuxctl

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/panemap/panemap/tmuxctl/scripts"
	"github.com/panemap/panemap/tmuxctl/transport"
)

// fakeSender stands in for the transport in unit tests (lazygit's
// pkg/commands style): it records every command list a Client sends, and
// answers a #{version} query with version, the nth other list with
// answers[n](its words) where there is one (counting from 1), and everything else with
// nothing, so an op that reads the answer fails after it was sent.
type fakeSender struct {
	version string
	answers map[int]func(cmds [][]string) string
	sent    []sentList
}

// sentList is one command list a Client sent.
type sentList struct {
	script, readOnly bool
	cmds             [][]string
}

func (f *fakeSender) Run(_ context.Context, cmds ...[]string) (string, error) {
	return f.answer(sentList{cmds: cmds})
}

func (f *fakeSender) RunScript(_ context.Context, readOnly bool, cmds ...[]string) (string, error) {
	return f.answer(sentList{script: true, readOnly: readOnly, cmds: cmds})
}

func (f *fakeSender) answer(l sentList) (string, error) {
	f.sent = append(f.sent, l)
	if len(l.cmds) == 1 && strings.Join(l.cmds[0], " ") == "display-message -p #{version}" {
		return f.version + "\n", nil
	}
	if answer := f.answers[len(f.sent)]; answer != nil {
		return answer(l.cmds), nil
	}
	return "", nil
}

// fakeClient is a Client whose command lists go to f alone.
func fakeClient(f *fakeSender) *Client { return &Client{send: f} }

// nonce is the random part of Act's answer markers (rand.Text).
var nonce = regexp.MustCompile(`=panemap-[A-Z2-7]{26}`)

// transcript lays out every list f recorded: each as Pretty lays it
// out, then as the one line transport.CommandLine makes of it (what
// control mode sends; a tmux process gets the same words as its argv,
// the commands separated by ";" arguments). The markers' random part
// reads NONCE. It fails when a list does not read back from its line
// as the very words sent.
func (f *fakeSender) transcript() (string, error) {
	var b strings.Builder
	for i, l := range f.sent {
		line, err := transport.CommandLine(l.cmds)
		if err != nil {
			return "", err
		}
		back, err := scripts.ParseList(line)
		if err != nil {
			return "", err
		}
		if scripts.Line(back) != line || !sameWords(back, l.cmds) {
			return "", fmt.Errorf("list %d does not read back from its line %q", i+1, line)
		}
		pretty, err := scripts.Pretty(l.cmds)
		if err != nil {
			return "", err
		}
		kind := "plain command list"
		switch {
		case l.script && l.readOnly:
			kind = "script, read only"
		case l.script:
			kind = "script"
		}
		fmt.Fprintf(&b, "\n=== command list %d of %d (%s) ===\n%s--- as one line ---\n%s\n", i+1, len(f.sent), kind, pretty, line)
	}
	return nonce.ReplaceAllString(b.String(), "=panemap-NONCE"), nil
}

// sameWords reports whether parsed holds the words of cmds, and no
// braced list.
func sameWords(parsed []scripts.Command, cmds [][]string) bool {
	if len(parsed) != len(cmds) {
		return false
	}
	for i, c := range parsed {
		if len(c) != len(cmds[i]) {
			return false
		}
		for j, a := range c {
			if a.Braced != nil || a.Word != cmds[i][j] {
				return false
			}
		}
	}
	return true
}
