/**
 * POST /mcp: the Model Context Protocol over streamable HTTP (decision 0168), for AI agents.
 * Stateless: each request gets a new McpServer and transport (no session id, nothing kept), as
 * the 2026-07-28 revision wants; GET and DELETE are 405. The person is the API token's, checked
 * exactly as the automation API checks it (useBearerAuth: revoked or deleted tokens refused at
 * once, the per-token rate limit). Guards from the field's incidents: a foreign browser Origin
 * and a Host other than ours (DNS rebinding) are refused before the token is looked at, and no
 * CORS header is ever sent. The protected resource metadata (RFC 9728) names this site as its
 * authorization server: OAuth access tokens (decision 0169) are API tokens with an end and scopes.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { AppError, errorBody, toAppError } from "../../http/errors.js";
import { requireTokenUser, useBearerAuth, type TokenUser } from "../../http/bearer-auth.js";
import type { RateLimitStore } from "../../http/rate-limit.js";
import { useScopeAccess } from "../../http/route-access.js";
import { useNonApiScope } from "../../http/route-contract.js";
import type { AutomationRateLimits } from "../automation/routes.js";
import { OAUTH_SCOPES } from "../../../shared/schemas/oauth.js";
import { MCP_PATH, oauthUrls, PROTECTED_RESOURCE_METADATA_PATH } from "../oauth/urls.js";
import { mcpServerFor, type McpToolDeps } from "./tools.js";

/** Room for a base64 reference image in generate_video, as the automation API allows. */
const MCP_BODY_LIMIT = 16 * 1024 * 1024;

export interface McpOptions extends McpToolDeps {
  config: McpToolDeps["config"] & { mcpAllowedHosts: readonly string[] };
  limits: { automation: AutomationRateLimits };
  rateLimitStore: RateLimitStore;
}

/** JSON-RPC's error codes the transport uses for refusals outside a call. */
const RPC_SERVER_ERROR = -32000;
const RPC_INVALID_REQUEST = -32600;
/** Names that cannot be rebound to another address by a web page (DNS rebinding needs a name). */
const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

const MCP_MESSAGES = {
  foreignOrigin:
    "Requests from other websites are refused: the MCP server answers programs (MCP clients), not web pages.",
  foreignHost: "This server does not answer for that host name.",
  method:
    "This MCP server is stateless: send JSON-RPC requests with POST; there is no stream to GET and no session to DELETE.",
  notJsonRpc: "The body must be a JSON-RPC 2.0 message (or a list of them), as the Model Context Protocol sends.",
} as const;

/** An error answer: JSON-RPC's shape for MCP clients, with the app's `code` and `message` beside it. */
function rpcError(error: AppError, rpcCode = RPC_SERVER_ERROR) {
  return { jsonrpc: "2.0", error: { code: rpcCode, message: error.message }, id: null, ...errorBody(error) };
}

export async function mcpRoutes(app: FastifyInstance, ctx: McpOptions): Promise<void> {
  const publicUrl = new URL(ctx.config.publicUrl);
  const urls = oauthUrls(ctx.config.publicUrl);
  const scopes = OAUTH_SCOPES.join(" ");
  // Host names, ports aside: a rebound name is another name whatever its port.
  const hostnames = new Set([
    publicUrl.hostname.toLowerCase(),
    ...ctx.config.mcpAllowedHosts.map(hostnameOf),
    ...(publicUrl.hostname === "localhost" ? LOOPBACK : []),
  ]);

  // RFC 9728's document: where clients learn how to authenticate (an API token, or OAuth with this site's own accounts).
  await app.register(async (meta) => {
    useScopeAccess(meta, "public");
    useNonApiScope(meta, "the MCP server's OAuth protected resource metadata (RFC 9728)");
    meta.get(PROTECTED_RESOURCE_METADATA_PATH, async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return {
        resource: urls.resource,
        authorization_servers: [urls.issuer],
        scopes_supported: [...OAUTH_SCOPES],
        bearer_methods_supported: ["header"],
        resource_name: "Video generation (MCP)",
        resource_documentation: `${publicUrl.origin}/api`,
      };
    });
  });

  await app.register(async (mcp) => {
    useScopeAccess(mcp, "token");
    useNonApiScope(
      mcp,
      "the Model Context Protocol's JSON-RPC over streamable HTTP, described by the MCP specification",
    );

    // Every refusal as JSON-RPC's error object, a 401 with the challenge MCP clients read (RFC 9728 §5.1).
    mcp.setErrorHandler((err: FastifyError | AppError, request, reply) => {
      const error = toAppError(err, request);
      if (error.status === 401) {
        const invalid = request.headers.authorization ? ', error="invalid_token"' : "";
        reply.header(
          "www-authenticate",
          `Bearer resource_metadata="${urls.protectedResourceMetadata}", scope="${scopes}"${invalid}`,
        );
      }
      return reply.status(error.status).headers(error.headers).send(rpcError(error));
    });

    // Before the token is read: a page in a browser (foreign Origin) or a rebound name (Host) never gets further.
    mcp.addHook("onRequest", async (request) => {
      if (!hostnames.has(hostnameOf(request.host))) throw new AppError("forbidden", MCP_MESSAGES.foreignHost);
      // Our own pages are PUBLIC_URL's origin or the (allowed) host the request was sent to.
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== publicUrl.origin && origin !== `${request.protocol}://${request.host}`)
        throw new AppError("cross_site_request", MCP_MESSAGES.foreignOrigin);
    });
    useBearerAuth(mcp, { db: ctx.db, rateLimit: ctx.limits.automation.perToken, rateLimitStore: ctx.rateLimitStore });

    mcp.post(MCP_PATH, { bodyLimit: MCP_BODY_LIMIT }, async (request, reply) => {
      const user = requireTokenUser(request);
      // Checked here so every refusal has the app's shape; the transport then sees only messages.
      const messages = Array.isArray(request.body) ? request.body : [request.body];
      if (messages.length === 0 || !messages.every((m) => JSONRPCMessageSchema.safeParse(m).success)) {
        return reply
          .status(400)
          .send(rpcError(new AppError("invalid_input", MCP_MESSAGES.notJsonRpc), RPC_INVALID_REQUEST));
      }
      // The answer is always JSON (enableJsonResponse): a client that forgot to say it takes it is answered anyway.
      request.raw.headers.accept = "application/json, text/event-stream";
      await answerMcp(ctx, user, request, reply);
    });
    for (const method of ["GET", "DELETE"] as const) {
      mcp.route({
        method,
        url: MCP_PATH,
        handler: async (_request, reply) =>
          reply
            .status(405)
            .header("allow", "POST")
            .send(rpcError(new AppError("method_not_allowed", MCP_MESSAGES.method))),
      });
    }
  });
}

/** `host[:port]` (or `[v6]:port`) without its port, lower case. */
function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.startsWith("[") ? lower.slice(0, lower.indexOf("]") + 1) : lower.split(":")[0]!;
}

/** Hands the request to a new server and transport, and closes both when the answer is sent. */
async function answerMcp(ctx: McpOptions, caller: TokenUser, request: FastifyRequest, reply: FastifyReply) {
  const server = mcpServerFor(ctx, caller, request.log);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack();
  reply.raw.on("close", () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  } catch (err) {
    request.log.error({ err }, "MCP request failed");
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { "content-type": "application/json" });
      reply.raw.end(
        JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message: "Internal server error" }, id: null }),
      );
    }
  }
}
