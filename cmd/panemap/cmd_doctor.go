package main

import (
	"context"
	"flag"
	"fmt"
	"os/exec"

	"github.com/panemap/panemap/internal/plural"
	"github.com/panemap/panemap/tmux"
	"github.com/panemap/panemap/tmuxctl"
	"github.com/panemap/panemap/tmuxctl/transport"
)

func doctorCommand() command {
	return command{
		name:    "doctor",
		summary: "check tmux, which server panemap would use and why, and whether popups work",
		about: `Prints one line per check; a failed check says how to fix it. Exits 0 when all is well, 1 when
something needs fixing. With -L, -S or -t it checks that server and window.`,
		define: func(*flag.FlagSet) runFunc { return runDoctor },
	}
}

// doctor collects findings; any problem makes the exit code 1.
type doctor struct {
	g        *globals
	problems int
}

func (d *doctor) ok(format string, a ...any) { fmt.Fprintf(d.g.stdout, "ok    "+format+"\n", a...) }
func (d *doctor) info(format string, a ...any) {
	fmt.Fprintf(d.g.stdout, "      "+format+"\n", a...)
}
func (d *doctor) bad(fix, format string, a ...any) {
	d.problems++
	fmt.Fprintf(d.g.stdout, "FAIL  "+format+"\n", a...)
	fmt.Fprintf(d.g.stdout, "      fix: %s\n", fix)
}

func runDoctor(ctx context.Context, g *globals, args []string) int {
	if len(args) > 0 {
		return usageError(g, fmt.Errorf("unexpected argument %s: doctor takes none", tmux.Quote(args[0])))
	}
	d := &doctor{g: g}
	d.check(ctx)
	if d.problems > 0 {
		fmt.Fprintf(g.stdout, "\n%s found.\n", plural.Count(d.problems, "problem", "problems"))
		return 1
	}
	fmt.Fprintln(g.stdout, "\nAll good.")
	return 0
}

func (d *doctor) check(ctx context.Context) {
	// The binary's version (`tmux -V`) is shown, and says whether a tmux
	// is installed at all, before any server is asked; everything else
	// goes by the server's own version (#{version}), which differs from
	// the binary's after an upgrade until the server restarts.
	path, err := exec.LookPath("tmux")
	if err != nil {
		d.bad("install tmux 3.2 or newer (e.g. apt-get install tmux, brew install tmux)", "tmux is not installed or not in PATH")
		return
	}
	bin, err := transport.TmuxVersion(ctx, path)
	if err != nil {
		d.bad("check that "+path+" runs", "%v", err)
		return
	}
	if err := tmux.CheckVersion(bin); err != nil {
		d.bad("upgrade tmux to "+tmux.MinVersion.Raw+" or newer", "%v", err)
	} else {
		d.ok("tmux %s at %s (panemap needs %s or newer)", bin, path, tmux.MinVersion)
	}

	sock := d.g.sock
	why := map[string]string{"-L": "from the -L flag", "-S": "from the -S flag", "$TMUX": "from $TMUX: panemap runs inside tmux", "default": "tmux's default: no -L/-S flag and not inside tmux"}[sock.Source]
	d.ok("server: %s — %s", sock, why)
	if d.g.env.TMUX != "" {
		pane := d.g.env.TMUXPane
		if pane == "" {
			pane = "unset (a popup or run-shell job)"
		}
		d.info("inside tmux: TMUX=%s, TMUX_PANE=%s", d.g.env.TMUX, pane)
	}

	client := tmuxctl.Open(d.g.options(sock, d.g.env))
	defer client.Close()
	sid, wid, err := client.ResolveWindow(ctx, d.g.target)
	if err != nil {
		switch tmux.KindOf(err) {
		case tmux.KindServerGone:
			d.bad("start tmux (tmux new-session), or point panemap at your server with -L NAME or -S PATH", "no tmux server is running on %s", sock)
		case tmux.KindUnsupported: // this binary cannot talk to that server
			d.bad("put the tmux that runs the server first in PATH, or restart the server with tmux "+bin.Raw, "%v", err)
		default:
			d.bad("check the -t target, or start a session", "%v", err)
		}
		return
	}
	v, err := client.RequireVersion(ctx) // read with the window: no command more
	if err != nil {
		d.bad("restart tmux as "+tmux.MinVersion.Raw+" or newer (tmux kill-server, then tmux)", "%v", err)
		return
	}
	d.ok("server is running tmux %s; panemap would show window %s of session %s", v, wid, sid)
	if v.Raw != bin.Raw {
		d.info("tmux %s (binary) talking to a %s server: panemap goes by the server's version until the server restarts", bin, v)
	}
	d.connection(ctx, client, v)
	d.pluginKey(ctx, client)
	d.escapeTime(ctx, client)
	d.pluginInstall(ctx, client)
	d.pluginOpen(ctx, client, sid)
	d.resident(ctx, client)
	name, err := client.ClientOf(ctx, sid)
	if err != nil {
		d.bad("attach to the session (tmux attach) to use the popup; the navigator still runs in a terminal with -t", "popups: %v", err)
		return
	}
	d.ok("popups: tmux %s has display-popup; it would open on client %s", v, name)
	if !v.AtLeast(3, 3) {
		d.info("popup borders (--border) need tmux 3.3")
	}
	if d.g.getenv("NO_COLOR") != "" {
		d.info("NO_COLOR is set: the map shows focus with heavy borders instead of colour")
	}
}

// connection says which connection panemap chose on this tmux and why,
// and which known tmux crash a control client risks there.
func (d *doctor) connection(ctx context.Context, client *tmuxctl.Client, v tmux.Version) {
	plan := tmux.PlanControl(d.g.control, v)
	if plan.Control {
		if ok, err := client.Connect(ctx); !ok {
			d.info("connection: a tmux process per call for now: control mode could not be had (%v)", err)
		} else {
			d.ok("connection: %s", plan.Why)
		}
	} else {
		d.ok("connection: %s", plan.Why)
	}
	switch {
	case plan.Crash == "":
		d.ok("known tmux crashes: none known for tmux %s with control clients", v)
	case plan.Control && plan.Crash == tmux.CrashConnectRace:
		d.bad("unset PANEMAP_CONTROL (panemap then avoids the crash), or upgrade tmux", "known tmux crash on tmux %s, and control mode is forced: %s", v, plan.Crash)
	case plan.Control:
		d.info("known tmux crash on tmux %s: %s; panemap keeps a control client attached only while it works", v, plan.Crash)
	default:
		d.info("known tmux crash on tmux %s: %s; panemap never connects a control client here", v, plan.Crash)
	}
}
