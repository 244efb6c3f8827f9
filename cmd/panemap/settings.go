package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
)

// settings are what a person can configure, the tmux way: a user option
// @panemap-NAME in their tmux.conf, overridden by the flag --NAME.
type settings struct {
	Width   string // popup width, cells or percent
	Height  string // popup height
	Border  string // popup border style
	Edge    string // wrap | stop: directional moves at the window's edge
	Esc     string // revert | keep: what Esc does
	Color   string // auto | never
	Step    string // cells a resize key moves an edge
	Preview string // on | off: live previews in the boxes
}

// settingDef describes one setting: its tmux option, flag, default and check.
type settingDef struct {
	name  string // flag name; the tmux option is "@panemap-" + name
	def   string
	usage string
	// values are the values it takes when they are a fixed set (help and
	// the completions offer them); check refuses any other, and is made
	// from them when not given.
	values []string
	check  func(string) error
	field  func(*settings) *string
}

func settingDefs() []settingDef {
	defs := []settingDef{
		{"width", "80%", "popup `width`: cells (100) or percent (80%)", nil, tmuxctl.ParseSize, func(s *settings) *string { return &s.Width }},
		{"height", "75%", "popup `height`: cells or percent", nil, tmuxctl.ParseSize, func(s *settings) *string { return &s.Height }},
		{"border", "rounded", "popup border `style`: " + strings.Join(tmuxctl.BorderStyles, ", "), tmuxctl.BorderStyles,
			tmuxctl.ParseBorder, func(s *settings) *string { return &s.Border }},
		{"edge", "wrap", "at a window edge, moves wrap around (as tmux does) or stop", []string{"wrap", "stop"}, nil, func(s *settings) *string { return &s.Edge }},
		{"esc", "revert", "Esc puts everything back (revert) or keeps it like q (keep)", []string{"revert", "keep"}, nil, func(s *settings) *string { return &s.Esc }},
		{"color", "auto", "colours: auto (off when NO_COLOR is set) or never", []string{"auto", "never"}, nil, func(s *settings) *string { return &s.Color }},
		{"preview", "on", "each box shows its pane's live screen (on), or its command, path and title (off)", []string{"on", "off"}, nil, func(s *settings) *string { return &s.Preview }},
		{"resize-step", "2", "`cells` a resize key (H J K L) moves an edge: 1 to 100", nil,
			func(v string) error { _, err := parseStep(v); return err }, func(s *settings) *string { return &s.Step }},
	}
	for i, d := range defs {
		if d.check == nil {
			defs[i].check = func(v string) error {
				if slices.Contains(d.values, v) {
					return nil
				}
				return fmt.Errorf("invalid %s %s: want %s", d.name, tmux.Quote(v), strings.Join(d.values, " or "))
			}
		}
	}
	return defs
}

// settingValues are the values setting name takes when they are a fixed
// set, nil for sizes and numbers.
func settingValues(name string) []string {
	for _, d := range settingDefs() {
		if d.name == name {
			return d.values
		}
	}
	return nil
}

// parseStep reads a resize step: a whole number of cells, 1 to 100.
func parseStep(v string) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 100 || strconv.Itoa(n) != v {
		return 0, fmt.Errorf("invalid resize step %s: want a whole number of cells from 1 to 100", tmux.Quote(v))
	}
	return n, nil
}

func optionName(name string) string { return "@panemap-" + name }

// popupSettings are the settings of the popup itself (display-popup's
// size and border), which a navigator that runs in its own terminal
// (the demo) has no use for.
var popupSettings = []string{"width", "height", "border"}

// settingFlags registers --NAME for every setting on fs, the popup's only
// with popup. The values are only those given on the command line (""
// when absent).
func settingFlags(fs *flag.FlagSet, popup bool) map[string]*string {
	given := map[string]*string{}
	for _, d := range settingDefs() {
		if popup || !slices.Contains(popupSettings, d.name) {
			given[d.name] = fs.String(d.name, "", d.usage+" (tmux option "+optionName(d.name)+", default "+d.def+")")
		}
	}
	return given
}

// checkFlags refuses bad flag values: the person typed them just now.
func checkFlags(given map[string]*string) error {
	for _, d := range settingDefs() {
		if v := given[d.name]; v != nil && *v != "" {
			if err := d.check(*v); err != nil {
				return fmt.Errorf("--%s: %w", d.name, err)
			}
		}
	}
	return nil
}

// loadSettings combines defaults, the tmux options of session s (a
// malformed option value is a one-line warning and the default), and the
// flags given. With client nil, tmux options are not read.
func loadSettings(ctx context.Context, client *tmuxctl.Client, s tmux.SessionID, given map[string]*string, warn io.Writer) settings {
	var opts map[string]string
	if client != nil {
		var err error
		if opts, err = client.UserOptions(ctx, s, settingOptions()); err != nil {
			fmt.Fprintf(warn, "panemap: warning: cannot read tmux options: %v\n", err)
		}
	}
	return settingsFrom(opts, given, warn)
}

// settingOptions are the tmux options of every setting.
func settingOptions() []string {
	defs := settingDefs()
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = optionName(d.name)
	}
	return names
}

// settingsFrom combines defaults, the tmux options read (opts: option
// name to value), and the flags given.
func settingsFrom(opts map[string]string, given map[string]*string, warn io.Writer) settings {
	var st settings
	for _, d := range settingDefs() {
		v := d.def
		if o, ok := opts[optionName(d.name)]; ok {
			if err := d.check(o); err != nil {
				fmt.Fprintf(warn, "panemap: warning: tmux option %s: %v; using %s\n", optionName(d.name), err, d.def)
			} else {
				v = o
			}
		}
		if g := given[d.name]; g != nil && *g != "" {
			v = *g
		}
		*d.field(&st) = v
	}
	return st
}

// asFlags renders settings as flags, to pass them on to a popup explicitly.
func (st settings) asFlags() []string {
	var out []string
	for _, d := range settingDefs() {
		out = append(out, "--"+d.name+"="+*d.field(&st))
	}
	return out
}

// pluginOption is a tmux option that only the plugin (panemap.tmux)
// reads, as it loads: it has no flag. A test checks that these and the
// settings are every @panemap-* option the plugin reads.
type pluginOption struct{ name, def, usage string }

var pluginOptions = []pluginOption{
	{"@panemap-key", pluginDefaultKey, "the key after the prefix that opens panemap"},
	{openOption, "popup", "where the key (and panemap typed in a pane) opens the navigator: popup, or modal (tmux 3.8)"},
	{residentOption, "on", "off: the popup runs panemap, with no resident (panemap help resident)"},
	{"@panemap-bin", "", "the panemap binary (default: panemap on PATH, else one built or fetched)"},
	{"@panemap-download", "on", "off: never fetch the release when no binary is found"},
	{"@panemap-download-url", "", "the folder of the release archives to fetch from (a mirror, a path)"},
}

// printSettings lists the settings, and the plugin's own options, for
// --help.
func printSettings(w io.Writer) {
	fmt.Fprintln(w, "Settings (flag, tmux option, default):")
	for _, d := range settingDefs() {
		fmt.Fprintf(w, "  --%-11s %-21s %-8s %s\n", d.name, optionName(d.name), d.def, strings.ReplaceAll(d.usage, "`", ""))
	}
	fmt.Fprintln(w, "The tmux plugin's own options, read as it loads (tmux option, default):")
	for _, o := range pluginOptions {
		fmt.Fprintf(w, "  %-23s %-8s %s\n", o.name, cmp.Or(o.def, "-"), o.usage)
	}
}
