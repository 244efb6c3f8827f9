package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/transport"
)

func initCommand() command {
	return command{
		name:    "init",
		summary: "bind panemap's key in the running tmux (in tmux.conf: run-shell 'panemap init tmux')",
		args:    "tmux",
		about: `Binds prefix + KEY (default G) to open the navigator, as the plugin does: in ~/.tmux.conf,
run-shell 'panemap init tmux'. The key, the popup's size and border, modal or popup, the resident
and the binary come from the flags, else the @panemap-* options (panemap --help); a flag also
sets its option. The default key, when something else has it already, is left alone (and
@panemap-key-conflict records it for panemap doctor); a key you choose is always bound.
With --print it changes nothing and prints the lines to put in a config file instead.`,
		define: defineInit,
	}
}

// defineInit defines init's flags on fs.
func defineInit(fs *flag.FlagSet) runFunc {
	var f initFlags
	fs.StringVar(&f.key, "key", "", "the `key` after the prefix (tmux option @panemap-key, default "+pluginDefaultKey+")")
	fs.StringVar(&f.open, "open", "", "open a `popup`, or a modal pane (modal; tmux 3.8) (tmux option @panemap-open)")
	fs.StringVar(&f.width, "width", "", "popup `width`: cells (100) or percent (80%) (tmux option @panemap-width, default 80%)")
	fs.StringVar(&f.height, "height", "", "popup `height`: cells or percent (tmux option @panemap-height, default 75%)")
	fs.StringVar(&f.border, "border", "", "popup border `style`: "+strings.Join(tmuxctl.BorderStyles, ", ")+" (tmux option @panemap-border, default rounded)")
	fs.BoolVar(&f.print, "print", false, "print the tmux lines for a config file; bind nothing")
	return func(ctx context.Context, g *globals, args []string) int {
		// The flags may follow the word tmux, as the usage line
		// writes them.
		if len(args) > 1 && args[0] == "tmux" {
			if err := fs.Parse(args[1:]); errors.Is(err, flag.ErrHelp) {
				printCommandHelp(g.stdout, initCommand())
				return 0
			} else if err != nil {
				return usageError(g, flagError(err))
			}
			args = append([]string{"tmux"}, fs.Args()...)
			if err := g.check(); err != nil { // -L, -S given after tmux
				return usageError(g, err)
			}
		}
		if len(args) != 1 || args[0] != "tmux" {
			return usageError(g, errors.New("init takes one word: tmux (panemap init tmux)"))
		}
		if err := f.check(); err != nil {
			return usageError(g, err)
		}
		return runInit(ctx, g, f)
	}
}

// initOpens are the places --open takes.
var initOpens = []string{"popup", "modal"}

// initFlags are init's flags; "" is not given.
type initFlags struct {
	key, open, width, height, border string
	print                            bool
}

// options are the flags given, by the name of the option each sets.
func (f initFlags) options() [][2]string {
	var out [][2]string
	for _, o := range [][2]string{{"@panemap-key", f.key}, {"@panemap-open", f.open}, {"@panemap-width", f.width}, {"@panemap-height", f.height}, {"@panemap-border", f.border}} {
		if o[1] != "" {
			out = append(out, o)
		}
	}
	return out
}

// check refuses a flag that is no key, size, border or place to open.
func (f initFlags) check() error {
	if f.key != "" {
		if err := tmux.ParseKeyName(f.key); err != nil {
			return fmt.Errorf("--key: %w", err)
		}
	}
	if f.open != "" && !slices.Contains(initOpens, f.open) {
		return fmt.Errorf("--open %s: want popup or modal", tmux.Quote(f.open))
	}
	for _, s := range []struct{ flag, v string }{{"width", f.width}, {"height", f.height}} {
		if s.v != "" {
			if err := tmuxctl.ParseSize(s.v); err != nil {
				return fmt.Errorf("--%s: %w", s.flag, err)
			}
		}
	}
	if f.border != "" {
		if err := tmuxctl.ParseBorder(f.border); err != nil {
			return fmt.Errorf("--border: %w", err)
		}
	}
	return nil
}

// bindOptions are the options the key's binding is made from.
var bindOptions = []string{"@panemap-key", "@panemap-open", "@panemap-width", "@panemap-height", "@panemap-border", "@panemap-resident", "@panemap-bin"}

// keyPlan is what binding the key means on a server: which key, whether
// the user chose it (a chosen key is always bound), the binding, and
// whether the resident serves it.
type keyPlan struct {
	key      string
	chosen   bool
	binding  binding
	resident bool
}

// planKey works out the key's binding from the server and its options,
// flags taking the options' place.
func planKey(ctx context.Context, client *tmuxctl.Client, f initFlags) (*keyPlan, error) {
	place, err := client.ReadBindPlace(ctx, bindOptions)
	if err != nil {
		return nil, err
	}
	opts := place.Options
	for _, o := range f.options() {
		opts[o[0]] = o[1]
	}
	or := func(name, def string) string {
		if v := opts[name]; v != "" {
			return v
		}
		return def
	}
	p := &keyPlan{key: or("@panemap-key", pluginDefaultKey), chosen: opts["@panemap-key"] != ""}
	if err := tmux.ParseKeyName(p.key); err != nil {
		return nil, fmt.Errorf("@panemap-key: %w", err)
	}
	bin := opts["@panemap-bin"]
	if bin == "" {
		if bin, err = ownPath(); err != nil {
			return nil, err
		}
	}
	p.binding = binding{bin: bin, opener: bin, socket: place.SocketPath, tmux: place.Version,
		width: or("@panemap-width", "80%"), height: or("@panemap-height", "75%"),
		border: or("@panemap-border", "rounded"), open: or("@panemap-open", "popup")}
	// The resident (Linux): with @panemap-resident on (the default) and
	// panemap-open beside panemap, the popup (or the modal pane) runs
	// panemap-open, which hands its terminal to a warm navigator kept by
	// `panemap resident` for this server, and runs panemap itself,
	// with the same arguments, whenever the resident cannot take the open.
	open := filepath.Join(filepath.Dir(bin), "panemap-open")
	if info, err := os.Stat(open); err == nil && info.Mode().IsRegular() && info.Mode()&0o111 != 0 &&
		opts["@panemap-resident"] != "off" && runtime.GOOS == "linux" && place.SocketPath != "" {
		p.resident = true
		p.binding.opener = open
	}
	return p, nil
}

// ownPath is this binary, by the name PATH finds it under when that is
// this very file (a symlink a package manager keeps pointing at the
// current release), else by its own path.
func ownPath() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot find panemap's own path: %w", err)
	}
	if p, err := exec.LookPath("panemap"); err == nil && filepath.IsAbs(p) {
		a, errA := os.Stat(p)
		b, errB := os.Stat(exe)
		if errA == nil && errB == nil && os.SameFile(a, b) {
			return p, nil
		}
	}
	return exe, nil
}

func runInit(ctx context.Context, g *globals, f initFlags) int {
	o := g.options(g.sock, g.env)
	// One tmux process per call: tmux.conf runs this while the server
	// starts, where no control client belongs.
	o.Control = tmux.ControlNever
	client := tmuxctl.Open(o)
	defer client.Close()
	if !f.print {
		for _, opt := range f.options() {
			if err := client.SetGlobalOption(ctx, opt[0], opt[1]); err != nil {
				return fail(g, err)
			}
		}
	}
	p, err := planKey(ctx, client, f)
	if err != nil {
		return fail(g, err)
	}
	if f.print {
		printInit(g, f, p)
		return 0
	}
	if !p.chosen {
		taken, bound, err := client.PrefixBinding(ctx, p.key)
		if err != nil {
			return fail(g, err)
		}
		// A binding that already runs panemap is ours (init run again,
		// or a binding by hand): replacing it changes nothing.
		if bound && !runsPanemap(taken, "") {
			if err := client.SetGlobalOption(ctx, "@panemap-key-conflict", p.key); err != nil {
				return fail(g, err)
			}
			fmt.Fprintf(g.stderr, "panemap: prefix %s is already bound to '%s', so panemap left it alone. To use another key: set -g @panemap-key KEY\n", p.key, taken)
			return 1
		}
	}
	if p.resident {
		startResident(p.binding.bin, p.binding.socket)
	}
	if err := client.BindPrefixKey(ctx, p.key, p.binding.command()); err != nil {
		fmt.Fprintf(g.stderr, "panemap: cannot bind prefix %s (%v); set -g @panemap-key KEY\n", p.key, err)
		return 1
	}
	if err := client.UnsetGlobalOption(ctx, "@panemap-key-conflict"); err != nil {
		return fail(g, err)
	}
	return 0
}

// startResident starts `panemap resident` for the server, in its own
// session and without waiting: it stays when this process ends (it
// exits at once when one is running already).
func startResident(bin, socket string) {
	cmd := exec.Command(bin, "resident", "-S", socket)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if cmd.Start() == nil {
		_ = cmd.Process.Release()
	}
}

// printInit prints the lines for a config file: the options the flags
// set, the resident's start, and the binding, each a line tmux's
// config parser reads back as the words given here. They are for this
// tmux's version (3.2 takes no popup title or border), and name the
// server that reads them by the format #{q:socket_path}.
func printInit(g *globals, f initFlags, p *keyPlan) {
	for _, o := range f.options() {
		fmt.Fprintf(g.stdout, "set-option -g %s %s\n", o[0], transport.QuoteArg(o[1]))
	}
	if p.resident {
		// run-shell expands formats before the shell reads the line
		// (shellWord doubles '#'); & leaves the resident running.
		line := shellWord(p.binding.bin) + " resident -S #{q:socket_path} </dev/null >/dev/null 2>&1 &"
		fmt.Fprintf(g.stdout, "run-shell -b %s\n", configWord(line))
	}
	b := p.binding
	b.forConf = true
	words := b.command()
	fmt.Fprintf(g.stdout, "bind-key -T prefix %s %s %s %s\n", transport.QuoteArg(p.key), words[0], words[1], configWord(words[2]))
}

// configWord is s as one word in a tmux config file: in double quotes,
// where '\\', '"' and '$' are escaped (and '#', '~' and ';' mean nothing).
func configWord(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`).Replace(s) + `"`
}
