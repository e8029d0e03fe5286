// Lists the tools of a live memoire bridge and calls two of them, with a bearer token.
// Usage: node client.mjs <bridge url> <token>; prints one JSON object on stdout.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, token] = process.argv.slice(2);
const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
  requestInit: { headers: { Authorization: `Bearer ${token}` } },
});
const client = new Client({ name: "typescript-check", version: "1.0.0" });
await client.connect(transport);

const tools = (await client.listTools()).tools.map((tool) => tool.name);
const appended = await client.callTool({
  name: "memoire_append",
  arguments: {
    path: "topics/typescript.md",
    text: "Written by the TypeScript SDK (with « quotes »).",
    title: "TypeScript",
    sensitive: false,
  },
});
const found = await client.callTool({ name: "memoire_search", arguments: { query: "typescript" } });
const refused = await client.callTool({
  name: "memoire_append",
  arguments: { path: "topics/typescript.md", text: "token: abc123XYZ987" },
});
console.log(JSON.stringify({ tools, appended, found, refused }));
await client.close();
