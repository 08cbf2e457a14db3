/**
 * The "Use it from…" tabs' copyable samples (decision 0170), built for the origin the page is
 * served from. MCP clients as each client's own documents spell it in 2026-11: Claude Code's
 * `claude mcp add --transport http`, Cursor's `mcpServers` in mcp.json, VS Code's `servers` with
 * `"type": "http"` in .vscode/mcp.json. The n8n package and the typed client's quick start.
 */
/* eslint-disable lingui/no-unlocalized-strings -- code samples (commands, JSON, TypeScript): the same in every language */
import { TOKEN_PLACEHOLDER } from "./curl-examples";

/** The MCP server's path on this site (decision 0168). */
const MCP_PATH = "/mcp";
/** The name the clients list the server under. */
const SERVER_NAME = "veo-studio";
const BEARER = `Bearer ${TOKEN_PLACEHOLDER}`;

export const mcpUrl = (origin: string) => `${origin}${MCP_PATH}`;

/** Claude Code without a token: it signs in through this site's consent page (run /mcp in Claude Code). */
export const claudeCodeCommand = (origin: string) => `claude mcp add --transport http ${SERVER_NAME} ${mcpUrl(origin)}`;

/** Claude Code with an API token in the header. */
export const claudeCodeTokenCommand = (origin: string) =>
  `${claudeCodeCommand(origin)} --header "Authorization: ${BEARER}"`;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Cursor: ~/.cursor/mcp.json (or .cursor/mcp.json in a project). */
export const cursorConfig = (origin: string) =>
  json({ mcpServers: { [SERVER_NAME]: { url: mcpUrl(origin), headers: { Authorization: BEARER } } } });

/** VS Code: .vscode/mcp.json (its top-level key is "servers"). */
export const vsCodeConfig = (origin: string) =>
  json({ servers: { [SERVER_NAME]: { type: "http", url: mcpUrl(origin), headers: { Authorization: BEARER } } } });

/** The n8n community node's package, as n8n's Settings › Community nodes installs it. */
export const N8N_PACKAGE = "n8n-nodes-veo-studio";

export const TYPED_CLIENT_INSTALL = "npm install @veo-studio/client";

/** The typed client's quick start for this site: generate, wait, print the video's URL. */
export function typedClientExample(origin: string): string {
  return [
    'import { createClient } from "@veo-studio/client";',
    "",
    `const veo = createClient({ baseUrl: "${origin}", token: "${TOKEN_PLACEHOLDER}" });`,
    'const { taskId } = await veo.generate({ prompt: "A red fox running through fresh snow", model: "veo3_fast", aspectRatio: "16:9" });',
    "const video = await veo.waitForVideo(taskId);",
    'if (video.status === "completed") console.log(video.videoUrl);',
  ].join("\n");
}
