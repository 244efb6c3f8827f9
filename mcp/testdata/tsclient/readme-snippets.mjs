// Runs each JSON MCP client snippet of the README with the official
// TypeScript SDK's StdioClientTransport: command, args and env as written,
// with ${VAR}, ${VAR:-default} and ${env:VAR} expanded from this process's
// environment as the clients do; the SDK adds only its default variables.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport, getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";

const [readme, want] = process.argv.slice(2);
const expand = (v) => v.replace(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_, k, d) => process.env[k] ?? d ?? "");
const blocks = [...readFileSync(readme, "utf8").matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
console.log("SDK default environment:", Object.keys(getDefaultEnvironment()).join(","));
let n = 0;
for (const b of blocks) {
  const cfg = JSON.parse(b);
  for (const [key, servers] of Object.entries(cfg)) {
    const s = servers?.panemap;
    if (!s || typeof s.command !== "string" || !s.env) continue;
    const env = Object.fromEntries(Object.entries(s.env).map(([k, v]) => [k, expand(v)]));
    const transport = new StdioClientTransport({ command: s.command, args: s.args, env, stderr: "ignore" });
    const client = new Client({ name: "readme-snippet", version: "1" });
    await client.connect(transport);
    const res = await client.callTool({ name: "list_panes", arguments: {} });
    const ok = !res.isError && res.structuredContent?.panes?.some((p) => p.id === want);
    console.log(`${ok ? "ok" : "FAIL"}: ${key} ${JSON.stringify(s.env)} -> ${res.isError ? res.content[0].text : res.structuredContent.panes.map((p) => p.id).join(",")}`);
    if (!ok) process.exitCode = 1;
    n++;
    await client.close();
  }
}
console.log(`${n} snippets`);
