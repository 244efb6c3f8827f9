// An independent check of `panemap mcp` with the official TypeScript MCP
// client, which validates structuredContent against each tool's output
// schema and throws when it does not match. Not part of `go test` (CI must
// not depend on npm). Run by hand (see README.md):
//
//   npm install
//   tmux -L tscheck -f /dev/null new-session -d 'exec sh'
//   tmux -L tscheck split-window -h 'exec sh'
//   tmux -L tscheck new-session -d -s tests -n runner 'exec sh'
//   node check.mjs /path/to/panemap tscheck
//   tmux -L tscheck kill-server
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execFileSync } from "node:child_process";

const [bin, socket] = process.argv.slice(2);
const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? "/", LC_ALL: "C" }; // a bare client environment
const transport = new StdioClientTransport({ command: bin, args: ["-L", socket, "mcp"], env, stderr: "ignore" });
const client = new Client({ name: "panemap-tscheck", version: "1" });
await client.connect(transport);

const fail = (msg) => { console.error("FAIL:", msg); process.exitCode = 1; };
const { tools } = await client.listTools();
const names = tools.map((t) => t.name).sort().join(",");
if (names !== "apply_layout,capture_pane,delete_layout,list_agents,list_layouts,list_panes,move_pane,rename_window,resize_pane,save_layout,search_panes,select_layout,select_pane,set_pane_title,swap_pane,wait_for_agent,wait_for_text") fail(`tools/list: ${names}`);

const list = await client.callTool({ name: "list_panes", arguments: {} });
if (list.isError) fail(`list_panes: ${JSON.stringify(list)}`);
const pane = list.structuredContent.panes[0].id;

const sel = await client.callTool({ name: "select_pane", arguments: { pane, direction: null } });
if (sel.isError || sel.structuredContent.id !== pane) fail(`select_pane: ${JSON.stringify(sel)}`);

const swap = await client.callTool({ name: "swap_pane", arguments: { source_pane: pane, target_pane: pane } });
if (swap.isError) fail(`swap_pane: ${JSON.stringify(swap)}`);

// The agent flow of issue 12, knowing nothing of the server beforehand:
// find every pane, see where each sits, and move the test runner (the only
// pane of window "runner" in another session) next to the editor (the
// first pane of the first window), across windows.
const all = await client.callTool({ name: "list_panes", arguments: { scope: "server" } });
if (all.isError) fail(`list_panes scope server: ${JSON.stringify(all)}`);
const sc = all.structuredContent;
const runner = sc.panes.find((p) => p.window_name === "runner");
const editor = sc.panes.find((p) => p.window_id === sc.windows[0].window_id && p.neighbours.right.panes.length > 0);
if (!runner || !editor) fail(`scope server did not show both panes: ${JSON.stringify(sc.windows)}`);
else {
  if (!/Window @\d+ "runner"/.test(all.content[0].text) || !all.content[0].text.includes("+--")) fail(`text map missing: ${all.content[0].text}`);
  const neighbour = editor.neighbours.right.panes[0];
  const moved = await client.callTool({ name: "swap_pane", arguments: { source_pane: runner.id, target_pane: neighbour } });
  if (moved.isError || moved.structuredContent.window_id !== editor.window_id) fail(`swap across windows: ${JSON.stringify(moved)}`);
  const after = await client.callTool({ name: "list_panes", arguments: { window: editor.window_id } });
  const right = after.structuredContent.panes.find((p) => p.id === editor.id).neighbours.right.panes;
  if (!right.includes(runner.id)) fail(`the runner is not next to the editor: ${JSON.stringify(right)}`);
  const landed = await client.callTool({ name: "select_pane", arguments: { pane: editor.id, direction: "right" } });
  if (landed.structuredContent.id !== runner.id) fail(`select right from the editor landed on ${landed.structuredContent.id}`);
}

// The rearranging tools: the TypeScript client validates each answer
// against its card's output schema.
{
  const before = await client.callTool({ name: "list_panes", arguments: { scope: "server" } });
  const win = before.structuredContent.windows.find((w) => w.panes.length > 1);
  const first = before.structuredContent.panes.find((p) => p.id === win.panes[0]);
  const resized = await client.callTool({ name: "resize_pane", arguments: { pane: first.id, direction: "right", cells: 3 } });
  if (resized.isError || resized.structuredContent.id !== first.id || typeof resized.structuredContent.layout !== "string") fail(`resize_pane: ${JSON.stringify(resized)}`);
  const saved = resized.structuredContent.layout;
  const tiled = await client.callTool({ name: "select_layout", arguments: { window: win.window_id, layout: "tiled" } });
  if (tiled.isError || tiled.structuredContent.panes.length !== win.panes.length) fail(`select_layout tiled: ${JSON.stringify(tiled)}`);
  const back = await client.callTool({ name: "select_layout", arguments: { window: win.window_id, layout: saved } });
  if (back.isError || back.structuredContent.layout !== saved) fail(`select_layout ${saved}: ${JSON.stringify(back)}`);
  const out = await client.callTool({ name: "move_pane", arguments: { pane: first.id, new_window: true } });
  if (out.isError || out.structuredContent.moved !== true || out.structuredContent.window_id === win.window_id) fail(`move_pane new_window: ${JSON.stringify(out)}`);
  const home = await client.callTool({ name: "move_pane", arguments: { pane: first.id, to_window: win.window_id } });
  if (home.isError || home.structuredContent.moved !== true || home.structuredContent.from_window_closed !== true || !/closed it/.test(home.content[0].text)) fail(`move_pane back: ${JSON.stringify(home)}`);
  const again = await client.callTool({ name: "move_pane", arguments: { pane: first.id, to_window: win.window_id } });
  if (again.isError || again.structuredContent.moved !== false) fail(`move_pane again: ${JSON.stringify(again)}`);
}

// The agents' tools (issue 42): a pane whose hook said waiting, found by
// list_agents and by wait_for_agent, a wait that times out, and send_keys
// from a server started with --allow-input.
{
  const tmux = (...args) => execFileSync("tmux", ["-L", socket, ...args], { env: { PATH: process.env.PATH } }).toString().trim();
  tmux("set", "-p", "-t", pane, "@panemap-agent-state", "waiting");
  const agents = await client.callTool({ name: "list_agents", arguments: {} });
  const mine = agents.structuredContent?.agents.find((a) => a.pane === pane);
  if (agents.isError || mine?.state !== "waiting" || mine.source !== "hook") fail(`list_agents: ${JSON.stringify(agents)}`);
  const now = await client.callTool({ name: "wait_for_agent", arguments: { panes: [pane], states: ["waiting"] } });
  if (now.isError || now.structuredContent.matched !== true || now.structuredContent.pane !== pane) fail(`wait_for_agent: ${JSON.stringify(now)}`);
  const later = await client.callTool({ name: "wait_for_agent", arguments: { states: ["error"], timeout_ms: 200 } });
  if (later.isError || later.structuredContent.matched !== false || later.structuredContent.pane !== null) fail(`wait_for_agent timeout: ${JSON.stringify(later)}`);
  tmux("set", "-p", "-u", "-t", pane, "@panemap-agent-state");
  if (tools.some((t) => t.name === "send_keys")) fail("send_keys offered without --allow-input");
  const typist = new Client({ name: "panemap-tscheck-input", version: "1" });
  await typist.connect(new StdioClientTransport({ command: bin, args: ["-L", socket, "mcp", "--allow-input"], env, stderr: "ignore" }));
  const cat = tmux("new-window", "-d", "-P", "-F", "#{pane_id}", "exec cat");
  const typed = await typist.callTool({ name: "send_keys", arguments: { pane: cat, text: "#(echo no) ; $HOME", enter: true } });
  if (typed.isError || typed.structuredContent.pane !== cat || typed.structuredContent.enter !== true) fail(`send_keys: ${JSON.stringify(typed)}`);
  const bad = await typist.callTool({ name: "send_keys", arguments: { pane: cat, keys: ["F1"] } });
  if (!bad.isError || bad._meta?.["panemap/error"]?.kind !== "invalid_input") fail(`send_keys F1: ${JSON.stringify(bad)}`);
  tmux("kill-pane", "-t", cat);
  await typist.close();
}

for (const [name, args, kind] of [
  ["select_pane", { pane: "%1; kill-server" }, "invalid_input"],
  ["select_pane", { pane: 7 }, "invalid_input"],
  ["select_pane", { pane: "%999" }, "gone"],
  ["list_panes", { window: "main:0" }, "invalid_input"],
  ["list_panes", { session: "$0; kill-server" }, "invalid_input"],
  ["list_panes", { scope: "galaxy" }, "invalid_input"],
  ["resize_pane", { pane: "%0", direction: "up", cells: 0 }, "invalid_input"],
  ["resize_pane", { pane: "%0", direction: "up", cells: "2" }, "invalid_input"],
  ["resize_pane", { pane: "%1; kill-server", direction: "up", cells: 1 }, "invalid_input"],
  ["select_layout", { window: "@0", layout: "spiral" }, "invalid_input"],
  ["select_layout", { window: "@0", layout: "0000,80x24,0,0,1" }, "invalid_input"],
  ["select_layout", { window: "@0\n", layout: "tiled" }, "invalid_input"],
  ["move_pane", { pane: "%0", to_window: "@0", new_window: true }, "invalid_input"],
  ["move_pane", { pane: "%0" }, "invalid_input"],
  ["move_pane", { pane: "%0", to_window: "@999" }, "gone"],
  ["list_agents", { window: "%0" }, "invalid_input"],
  ["wait_for_agent", { states: ["sleeping"] }, "invalid_input"],
  ["wait_for_agent", { panes: ["%999"], states: ["done"] }, "gone"],
]) {
  const res = await client.callTool({ name, arguments: args }); // must not throw
  const meta = res._meta?.["panemap/error"];
  if (!res.isError || meta?.kind !== kind || res.structuredContent !== undefined) fail(`${name} ${JSON.stringify(args)}: ${JSON.stringify(res)}`);
}
await client.close();
if (!process.exitCode) console.log("ok: TypeScript client", names);
