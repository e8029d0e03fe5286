// Signs in to a live memoire bridge with the MCP TypeScript SDK's OAuth client, then calls a
// tool. Usage: node oauth_client.mjs <bridge url> <callback url>. The owner's approval happens
// in the test: this prints {"approve": <approval page URL>} and reads back, on one line, the
// URL the browser is sent to next. Prints one JSON object with the outcome on stdout.
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, callback] = process.argv.slice(2);
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
let information, tokens, verifier, redirectedTo;

const provider = {
  get redirectUrl() {
    return callback;
  },
  get clientMetadata() {
    return {
      client_name: "TypeScript app",
      redirect_uris: [callback],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  },
  clientInformation: () => information,
  saveClientInformation: (value) => {
    information = value;
  },
  tokens: () => tokens,
  saveTokens: (value) => {
    tokens = value;
  },
  saveCodeVerifier: (value) => {
    verifier = value;
  },
  codeVerifier: () => verifier,
  async redirectToAuthorization(authorizationUrl) {
    // The browser: follow /authorize to the approval page, let the owner approve there.
    const answer = await fetch(authorizationUrl, { redirect: "manual" });
    console.log(JSON.stringify({ approve: answer.headers.get("location") }));
    redirectedTo = new URL((await lines.next()).value);
  },
};

const transportFor = () => new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { authProvider: provider });
let client = new Client({ name: "typescript-oauth-check", version: "1.0.0" });
let transport = transportFor();
try {
  await client.connect(transport);
} catch (error) {
  if (!(error instanceof UnauthorizedError)) throw error;
  await transport.finishAuth(redirectedTo.searchParams.get("code"));
  client = new Client({ name: "typescript-oauth-check", version: "1.0.0" });
  transport = transportFor();
  await client.connect(transport);
}
const tools = (await client.listTools()).tools.map((tool) => tool.name);
const index = await client.callTool({ name: "memoire_index", arguments: {} });
console.log(
  JSON.stringify({
    tools,
    indexError: index.isError ?? false,
    clientId: information?.client_id,
    hasRefreshToken: Boolean(tokens?.refresh_token),
    state: redirectedTo.searchParams.get("state"),
    iss: redirectedTo.searchParams.get("iss"),
  }),
);
await client.close();
process.exit(0);
