package main

// The plugin on a tmux server with no Go and no panemap on its PATH: it
// fetches the release VERSION names with install.sh, from a snapshot of
// the release served on 127.0.0.1, and then binds its key.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/panemap/panemap/internal/releasetest"
	"github.com/panemap/panemap/internal/tmuxtest"
)

// fetchWait bounds a fetch from 127.0.0.1: install.sh checks a 13 MB
// archive and runs the binary once.
const fetchWait = 30 * time.Second

// pluginFolder is a plugin installed as TPM installs it, outside the
// checkout: panemap.tmux, install.sh and a VERSION naming the snapshot's
// version.
func pluginFolder(t *testing.T, snap *releasetest.Snapshot) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"panemap.tmux", "install.sh"} {
		data, err := os.ReadFile(filepath.Join(repoRoot(t), name))
		if err != nil {
			t.Fatal(err)
		}
		tmuxtest.WriteExecutable(t, filepath.Join(dir, name), data)
	}
	if err := os.WriteFile(filepath.Join(dir, "VERSION"), []byte(snap.Version+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// withoutGo gives srv's jobs (run-shell, so the plugin) a PATH holding only
// what the plugin and install.sh use: no go, no panemap. It checks that
// the server's shell finds neither.
func withoutGo(t *testing.T, srv *tmuxtest.Server) {
	t.Helper()
	tools := append([]string{"bash", "tmux", "dirname", "sleep", "curl", "sha256sum"}, releasetest.InstallTools...)
	srv.Must("set-environment", "-g", "PATH", releasetest.ToolsDir(t, tools...))
	found := filepath.Join(t.TempDir(), "found")
	srv.Must("run-shell", "{ command -v go panemap || echo neither; } >"+found)
	if out, err := os.ReadFile(found); err != nil || strings.TrimSpace(string(out)) != "neither" {
		t.Fatalf("the server's PATH still finds %q (%v)", out, err)
	}
}

func option(srv *tmuxtest.Server, name string) string {
	out, _ := srv.Run("show-options", "-gqv", name)
	return strings.TrimSpace(out)
}

// waitFetched polls until prefix G runs the binary fetched into the
// plugin folder, and checks it is the snapshot's release.
func waitFetched(t *testing.T, srv *tmuxtest.Server, plugin string, snap *releasetest.Snapshot) {
	t.Helper()
	bin := filepath.Join(plugin, "release", "panemap")
	var cmd string
	tmuxtest.Eventually(t, fetchWait, func() bool {
		cmd, _ = prefixBinding(t, srv, pluginDefaultKey)
		return strings.Contains(cmd, bin)
	}, "prefix %s = %q, not bound to %s; @panemap-install-error %q", pluginDefaultKey, cmd, bin, option(srv, "@panemap-install-error"))
	out, err := exec.Command(bin, "-V").Output()
	if got := strings.TrimSpace(string(out)); err != nil || got != "panemap "+snap.Version {
		t.Errorf("%s -V = %q (%v), want panemap %s", bin, got, err, snap.Version)
	}
	if e := option(srv, "@panemap-install-error"); e != "" {
		t.Errorf("@panemap-install-error = %q after a fetch that worked", e)
	}
}

func TestPluginFetchesReleaseWithoutGo(t *testing.T) {
	t.Parallel()
	snap := releasetest.Build(t)
	plugin := pluginFolder(t, snap)
	srv := tmuxtest.Start(t, 0, 0)
	withoutGo(t, srv)
	srv.Must("set", "-g", "@panemap-download-url", releasetest.Serve(t, snap.Dir))
	srv.Must("set", "-g", "@panemap-install-error", "from an earlier failure")
	srv.Must("run-shell", filepath.Join(plugin, "panemap.tmux"))
	waitFetched(t, srv, plugin, snap)
}

// TestPluginReplacesStaleRelease: a fetched binary from another release
// (the plugin was updated since) is fetched again; until then the key is
// not bound to it.
func TestPluginReplacesStaleRelease(t *testing.T) {
	t.Parallel()
	snap := releasetest.Build(t)
	plugin := pluginFolder(t, snap)
	stale := filepath.Join(plugin, "release", "panemap")
	if err := os.MkdirAll(filepath.Dir(stale), 0o755); err != nil {
		t.Fatal(err)
	}
	tmuxtest.WriteExecutable(t, stale, []byte("#!/bin/sh\necho panemap 0.0.1\n"))
	srv := tmuxtest.Start(t, 0, 0)
	withoutGo(t, srv)
	srv.Must("set", "-g", "@panemap-download-url", releasetest.Serve(t, snap.Dir))
	srv.Must("run-shell", filepath.Join(plugin, "panemap.tmux"))
	waitFetched(t, srv, plugin, snap)
}

// TestPluginRefusesTamperedRelease: an archive that does not match
// checksums.txt is never unpacked nor run, and the key stays unbound.
func TestPluginRefusesTamperedRelease(t *testing.T) {
	t.Parallel()
	snap := releasetest.Build(t)
	plugin := pluginFolder(t, snap)
	mark := filepath.Join(t.TempDir(), "ran")
	srv := tmuxtest.Start(t, 0, 0)
	withoutGo(t, srv)
	srv.Must("set", "-g", "@panemap-download-url", releasetest.Serve(t, snap.Tampered(t, "#!/bin/sh\ntouch "+mark+"\necho panemap "+snap.Version+"\n")))
	srv.Must("run-shell", filepath.Join(plugin, "panemap.tmux"))
	tmuxtest.Eventually(t, fetchWait, func() bool {
		return strings.Contains(option(srv, "@panemap-install-error"), "checksum mismatch for "+snap.Archive)
	}, "@panemap-install-error = %q, want the checksum mismatch", option(srv, "@panemap-install-error"))
	wantNothingFetched(t, srv, plugin, mark, "a tampered download")
}

// wantNothingFetched checks that after what went wrong the key is not
// bound, no binary is in the plugin folder, and mark (which running the
// download, or expanding the URL as a format, would make) is not there.
func wantNothingFetched(t *testing.T, srv *tmuxtest.Server, plugin, mark, what string) {
	t.Helper()
	if cmd, ok := prefixBinding(t, srv, pluginDefaultKey); ok {
		t.Errorf("prefix %s bound to %q after %s", pluginDefaultKey, cmd, what)
	}
	if _, err := os.Stat(filepath.Join(plugin, "release", "panemap")); err == nil {
		t.Errorf("a binary was installed after %s", what)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Errorf("%s was run after %s", mark, what)
	}
}

// TestPluginFetchFailure: a download that fails binds nothing, records
// why in @panemap-install-error, shows one message that says what to do
// and expands nothing from the URL, and panemap doctor reports it.
func TestPluginFetchFailure(t *testing.T) {
	snap := releasetest.Build(t)
	plugin := pluginFolder(t, snap)
	n := tmuxtest.StartNested(t, 200, 30) // a client, for the message
	srv := n.Inner
	withoutGo(t, srv)
	mark := filepath.Join(t.TempDir(), "expanded")
	url := releasetest.Unreachable(t) + "/#(touch " + mark + ")"
	srv.Must("set", "-g", "@panemap-download-url", url)
	srv.Must("run-shell", filepath.Join(plugin, "panemap.tmux"))
	// Whole, to the end: the ; inside it must not split tmux's command.
	want := "panemap: could not fetch panemap " + snap.Version + " (tmux show -gv @panemap-install-error says why). Install it by hand: " +
		installLine + ", or set -g @panemap-bin PATH; then reload tmux.conf"
	tmuxtest.Eventually(t, fetchWait, func() bool {
		return strings.Contains(srv.Must("show-messages"), want)
	}, "no message %q in:\n%s", want, srv.Must("show-messages"))
	if e := option(srv, "@panemap-install-error"); !strings.Contains(e, "cannot download "+url+"/checksums.txt") {
		t.Errorf("@panemap-install-error = %q, want install.sh's reason with the URL as it is", e)
	}
	wantNothingFetched(t, srv, plugin, mark, "a failed fetch (the URL's #(touch) is no format)")
	code, out, _ := cli(t, nil, "-L", srv.Name, "doctor")
	if code != 1 || !strings.Contains(out, "FAIL  plugin: could not fetch panemap: install.sh: cannot download") || !strings.Contains(out, "fix: check the network") {
		t.Errorf("doctor: code %d\n%s", code, out)
	}
}

// TestPluginDownloadOff: with @panemap-download off the plugin fetches
// nothing and says the binary is missing, and how to install it.
func TestPluginDownloadOff(t *testing.T) {
	t.Parallel()
	snap := releasetest.Build(t)
	plugin := pluginFolder(t, snap)
	n := tmuxtest.StartNested(t, 200, 30)
	srv := n.Inner
	withoutGo(t, srv)
	srv.Must("set", "-g", "@panemap-download-url", releasetest.Serve(t, snap.Dir))
	srv.Must("set", "-g", "@panemap-download", "off")
	srv.Must("run-shell", filepath.Join(plugin, "panemap.tmux"))
	want := "panemap: binary not found: install it (curl -fsSL"
	tmuxtest.Eventually(t, wait, func() bool {
		return strings.Contains(srv.Must("show-messages"), want)
	}, "no message %q in:\n%s", want, srv.Must("show-messages"))
	if _, err := os.Stat(filepath.Join(plugin, "release")); err == nil {
		t.Error("the plugin fetched with @panemap-download off")
	}
}
