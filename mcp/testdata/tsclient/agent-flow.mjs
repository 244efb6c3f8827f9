// The agent flow of issue 19 with the official TypeScript MCP client: an
// agent that knows nothing of the server finds the pane that runs a build,
// waits for the build to finish and reads its last lines. The client
// validates each structuredContent against the tool's output schema. Not
// part of `go test` (CI must not depend on npm); run by hand, see README.md.
//
//   node agent-flow.mjs /path/to/panemap SOCKET
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [bin, socket] = process.argv.slice(2);
if (!bin || !socket) {
  console.error("usage: node agent-flow.mjs PANEMAP SOCKET");
  process.exit(2);
}
const env = { PATH: process.env.PATH, HOME: process.env.HOME ?? "/", LC_ALL: "C" }; // a bare client environment
const transport = new StdioClientTransport({ command: bin, args: ["-L", socket, "mcp"], env, stderr: "ignore" });
const client = new Client({ name: "panemap-agent-flow", version: "1" });
await client.connect(transport);

const fail = (msg) => { console.error("FAIL:", msg); process.exitCode = 1; };
const show = (step, res) => console.log(`${step}:`, JSON.stringify(res.structuredContent ?? res, null, 1).replace(/\n\s*/g, " "));

try {
  // 1. Find the build: the pane whose screen says it is building.
  const found = await client.callTool({ name: "search_panes", arguments: { pattern: "^building" } });
  show("search_panes", found);
  const matches = found.structuredContent?.matches ?? [];
  if (found.isError || matches.length !== 1) throw new Error(`search_panes: want one pane building, got ${JSON.stringify(found)}`);
  const pane = matches[0].pane;

  // 2. Wait for it to end, with a progress token (the client sets one when
  // given onprogress).
  const progress = [];
  const waited = await client.callTool(
    { name: "wait_for_text", arguments: { pane, pattern: "BUILD (OK|FAILED)", timeout_ms: 30000 } },
    undefined,
    { onprogress: (p) => progress.push(p), timeout: 40000 },
  );
  for (const p of progress) console.log("  progress:", JSON.stringify(p));
  show("wait_for_text", waited);
  const w = waited.structuredContent;
  if (waited.isError || !w.matched || w.text !== "BUILD OK" || w.pane !== pane) fail(`wait_for_text: ${JSON.stringify(waited)}`);
  if (progress.some((p, i) => i > 0 && p.progress <= progress[i - 1].progress)) fail(`progress does not increase: ${JSON.stringify(progress)}`);

  // 3. Read its last lines.
  const read = await client.callTool({ name: "capture_pane", arguments: { pane, lines: 5 } });
  show("capture_pane", read);
  const c = read.structuredContent;
  // The build printed two lines and sh its prompt: the last lines end
  // there, not at the blank rows under them.
  if (read.isError || c.lines.length < 3 || c.lines.length > 5 || c.lines[0] !== "building..." || c.lines[1] !== "BUILD OK") fail(`capture_pane: ${JSON.stringify(read)}`);
  console.log("capture_pane text:\n" + read.content[0].text);
} catch (e) {
  fail(e.message);
} finally {
  await client.close();
}
if (!process.exitCode) console.log("ok: the agent flow with the TypeScript client");
