/**
 * OAuth 2.1 with PKCE for the MCP server (decision 0169), over real HTTP against a listening app
 * whose provider is the simulator: the SDK's own client auth (`auth()` with an OAuthClientProvider)
 * registers (Dynamic Client Registration) or names its Client ID Metadata Document (served by a
 * local HTTP server), the person consents over the session API as the consent page does, and the
 * tokens then drive the MCP tools. Then as an attacker: wrong verifier, reused code, reused refresh
 * token, wrong resource, unregistered redirect URI, a read-only token spending, a revoked
 * connection, another person's connection, a disabled account, an expired token.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { auth, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiTokens,
  oauthClients,
  oauthCodes,
  oauthGrants,
  oauthRefreshTokens,
  users,
} from "../../src/server/db/schema.js";
import type { Client } from "../helpers/test-app.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import { SseClient } from "../helpers/sse-client.js";
import { freePort, signInAdmin } from "../helpers/test-app.js";
import { balanceOf, createVideoTestApp, userWithCredits, type VideoTestApp } from "../helpers/video-app.js";

const REDIRECT = "http://127.0.0.1:8976/callback";
const BOTH = ["videos:read", "videos:write"];

/** The test's MCP client's side of OAuth: everything kept in memory; the authorization URL captured. */
class MemoryProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private info: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = "";
  constructor(private readonly opts: { clientId?: string; name?: string } = {}) {
    if (opts.clientId) this.info = { client_id: opts.clientId };
  }
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: this.opts.name ?? "Test agent",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state() {
    return "state-xyz";
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

describe("OAuth with PKCE for the MCP server", () => {
  let t: VideoTestApp;
  let origin: string;
  let port: number;
  let documents: http.Server;
  let documentsOrigin: string;
  /** What the local "client website" serves at each path. */
  const served = new Map<string, unknown>();
  const clients: McpClient[] = [];

  beforeAll(async () => {
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // Loopback metadata documents are allowed only in local mode, as loopback webhooks are.
    t = await createVideoTestApp({
      env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, WEBHOOKS_ALLOW_LOCAL: "true" },
    });
    await t.app.listen({ port, host: "127.0.0.1" });
    documents = http.createServer((req, res) => {
      const body = served.get(req.url ?? "");
      if (body === undefined) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
    documentsOrigin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await new Promise((resolve) => documents.close(resolve));
    await t.close();
  });

  const serverUrl = () => `${origin}/mcp`;
  const person = (credits = 100) => userWithCredits(t.app, t.database.db, credits);

  /** The consent page's two calls for the authorization URL the client made: approve `scopes`. */
  async function consent(who: Client, authorizationUrl: URL, scopes = BOTH, approve = true) {
    const shown = await who.get(`/api/oauth/consent?${authorizationUrl.searchParams.toString()}`);
    expect(shown.statusCode, shown.body).toBe(200);
    const query = Object.fromEntries(authorizationUrl.searchParams);
    const decided = await who.post("/api/oauth/consent", { ...query, approve, scopes });
    expect(decided.statusCode, decided.body).toBe(200);
    return { shown: shown.json(), back: new URL(decided.json<{ redirectTo: string }>().redirectTo) };
  }

  /** The SDK's whole flow: discovery, registration, PKCE, consent, the code exchanged for tokens. */
  async function connectWithOAuth(who: Client, provider = new MemoryProvider(), scopes = BOTH) {
    expect(await auth(provider, { serverUrl: serverUrl() })).toBe("REDIRECT");
    const url = provider.authorizationUrl!;
    expect(`${url.origin}${url.pathname}`).toBe(`${origin}/oauth/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(serverUrl());
    const { shown, back } = await consent(who, url, scopes);
    expect(back.searchParams.get("state")).toBe("state-xyz");
    expect(back.searchParams.get("iss")).toBe(origin);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    const code = back.searchParams.get("code")!;
    expect(await auth(provider, { serverUrl: serverUrl(), authorizationCode: code })).toBe("AUTHORIZED");
    return { provider, shown, code, tokens: provider.tokens()! };
  }

  async function mcpWith(provider: OAuthClientProvider) {
    const client = new McpClient({ name: "oauth-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl()), { authProvider: provider }));
    clients.push(client);
    return client;
  }

  const call = async (client: McpClient, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult & {
      structuredContent?: Record<string, unknown>;
    };
  const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

  const form = (path: string, params: Record<string, string>) =>
    fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params).toString(),
    });
  const bearerPost = (token: string) =>
    fetch(`${origin}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });

  async function register(redirectUris = [REDIRECT], name = "Raw client") {
    const res = await fetch(`${origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: redirectUris, client_name: name, token_endpoint_auth_method: "none" }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { client_id: string };
  }

  /** One registered client for the tests that need no client of their own: registrations are limited per address. */
  let shared: string | undefined;
  const sharedClient = async () => (shared ??= (await register()).client_id);

  const pkce = () => {
    const verifier = crypto.randomBytes(32).toString("base64url");
    return { verifier, challenge: crypto.createHash("sha256").update(verifier).digest("base64url") };
  };

  /** A code by hand: the authorization request a client would make, consented to by `who`. */
  async function manualCode(who: Client, clientId: string, scopes = BOTH) {
    const { verifier, challenge } = pkce();
    const url = new URL(`${origin}/oauth/authorize`);
    const params = {
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "s1",
      scope: scopes.join(" "),
      resource: serverUrl(),
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const { back } = await consent(who, url, scopes);
    return { code: back.searchParams.get("code")!, verifier };
  }

  const exchange = (clientId: string, code: string, verifier: string, extra: Record<string, string> = {}) =>
    form("/oauth/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
      resource: serverUrl(),
      ...extra,
    });

  it("publishes the metadata: the resource names this site as its server, which supports PKCE and CIMD", async () => {
    const prm = await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(prm).toMatchObject({ resource: serverUrl(), authorization_servers: [origin], scopes_supported: BOTH });
    const as = await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: origin,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
      revocation_endpoint: `${origin}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    const challenge = await bearerPost("veo_" + "x".repeat(43));
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="videos:read videos:write", error="invalid_token"`,
    );
  });

  it("runs the whole flow with Dynamic Client Registration, then lists models and makes a video", async () => {
    const owner = await person(100);
    const { shown, tokens, provider } = await connectWithOAuth(owner.client);
    expect(shown).toMatchObject({
      client: { name: "Test agent", registration: "registered", redirectHost: "127.0.0.1:8976" },
      scopes: [
        { id: "videos:read", granted: false },
        { id: "videos:write", granted: false },
      ],
      resource: serverUrl(),
    });
    expect(tokens.access_token).toMatch(/^veo_/);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("videos:read videos:write");

    const mcp = await mcpWith(provider);
    const models = await call(mcp, "list_models");
    expect(models.isError, textOf(models)).toBeFalsy();
    const started = await call(mcp, "generate_video", { prompt: "A red fox in the snow", model: "veo3_fast" });
    expect(started.isError, textOf(started)).toBeFalsy();
    const charged = started.structuredContent!.creditsUsed as number;
    expect(charged).toBeGreaterThan(0);
    expect((await balanceOf(t.database.db, owner.id)).credits).toBe(100 - charged);

    // The /api page's token list, the account's data and the admin's user page show no OAuth
    // token (the /api page may still make its 20); the connection is listed.
    const listed = await owner.client.get("/api/user-tokens");
    expect(listed.json()).toEqual([]);
    const exported = await owner.client.get("/api/user/export");
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body).apiTokens).toEqual([]);
    const admin = await signInAdmin(t);
    const detail = await admin.get(`/api/admin/users/${owner.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ apiTokens: unknown[] }>().apiTokens).toEqual([]);
    const connections = (await owner.client.get("/api/oauth/connections")).json<{
      connections: { clientName: string; scopes: string[]; lastUsed: string | null }[];
    }>().connections;
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({ clientName: "Test agent", scopes: BOTH });
    expect(connections[0]!.lastUsed).not.toBeNull();
  });

  it("runs the whole flow with a Client ID Metadata Document the server reads from the client's site", async () => {
    const owner = await person(50);
    const clientId = `${documentsOrigin}/oauth/client.json`;
    served.set("/oauth/client.json", {
      client_id: clientId,
      client_name: "Document agent",
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: "none",
    });
    const { shown, provider } = await connectWithOAuth(owner.client, new MemoryProvider({ clientId }));
    expect(shown).toMatchObject({
      client: { id: clientId, name: "Document agent", registration: "metadata-document" },
    });
    const mcp = await mcpWith(provider);
    const balance = await call(mcp, "get_balance");
    expect(balance.structuredContent).toMatchObject({ credits: 50 });

    // A document that names another client, or a redirect URI it does not list, is refused: no redirect.
    const liar = `${documentsOrigin}/oauth/liar.json`;
    served.set("/oauth/liar.json", { client_id: clientId, redirect_uris: [REDIRECT] });
    const { challenge } = pkce();
    const ask = (id: string, redirect = REDIRECT) =>
      owner.client.get(
        `/api/oauth/consent?${new URLSearchParams({ client_id: id, redirect_uri: redirect, response_type: "code", code_challenge: challenge, code_challenge_method: "S256" }).toString()}`,
      );
    const lying = await ask(liar);
    expect(lying.statusCode).toBe(400);
    expect(lying.json().message).toMatch(/another client_id/);
    const elsewhere = await ask(clientId, "https://attacker.example/cb");
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/did not register \(attacker\.example\)/);
    // Never this machine's private network, even in local mode; never plain http off loopback.
    expect((await ask("https://10.0.0.1/client.json")).statusCode).toBe(400);
    expect((await ask("http://example.com/client.json")).statusCode).toBe(400);
    expect((await ask(`${documentsOrigin}/missing.json`)).statusCode).toBe(400);
  });

  it("refuses a wrong code_verifier, and the code is spent by the try", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const wrong = await exchange(client_id, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "invalid_grant" });
    expect(wrong.headers.get("cache-control")).toBe("no-store");
    const right = await exchange(client_id, code, verifier);
    expect(right.status).toBe(400);
    expect(await right.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses a reused code and revokes what the first use gave", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const first = await exchange(client_id, code, verifier);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const tokens = (await first.json()) as { access_token: string };
    expect((await bearerPost(tokens.access_token)).status).toBe(200);
    const again = await exchange(client_id, code, verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant" });
    expect((await bearerPost(tokens.access_token)).status).toBe(401);
    expect((await owner.client.get("/api/oauth/connections")).json().connections).toEqual([]);
  });

  it("rotates refresh tokens; a refresh token used twice revokes the connection", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const first = (await (await exchange(client_id, code, verifier)).json()) as OAuthTokens;
    const refreshOnce = (token: string) =>
      form("/oauth/token", { grant_type: "refresh_token", refresh_token: token, client_id, resource: serverUrl() });
    const second = await refreshOnce(first.refresh_token!);
    expect(second.status).toBe(200);
    const rotated = (await second.json()) as OAuthTokens;
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect((await bearerPost(rotated.access_token)).status).toBe(200);
    // Another client cannot use it.
    const other = await register();
    const stolen = await form("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: rotated.refresh_token!,
      client_id: other.client_id,
    });
    expect(await stolen.json()).toMatchObject({ error: "invalid_grant" });
    // The first refresh token again, past the grace for a client's concurrent refreshes: the
    // whole connection goes, the newest tokens too.
    await t.database.db
      .update(oauthRefreshTokens)
      .set({ usedAt: new Date(Date.now() - 60_000) })
      .where(eq(oauthRefreshTokens.tokenHash, sha256Hex(first.refresh_token!)));
    const replay = await refreshOnce(first.refresh_token!);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: "invalid_grant" });
    expect((await bearerPost(rotated.access_token)).status).toBe(401);
    expect((await bearerPost(first.access_token)).status).toBe(401);
    expect(await (await refreshOnce(rotated.refresh_token!)).json()).toMatchObject({ error: "invalid_grant" });
  });

  it("answers a client's concurrent refreshes with the same token, both with working tokens", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const first = (await (await exchange(client_id, code, verifier)).json()) as OAuthTokens;
    const params = { grant_type: "refresh_token", refresh_token: first.refresh_token!, client_id };
    const answers = await Promise.all([form("/oauth/token", params), form("/oauth/token", params)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [a, b] = (await Promise.all(answers.map((r) => r.json()))) as OAuthTokens[];
    expect(a!.access_token).not.toBe(b!.access_token);
    expect((await bearerPost(a!.access_token)).status).toBe(200);
    expect((await bearerPost(b!.access_token)).status).toBe(200);
  });

  it("holds every token to this server's resource, and every code to its redirect URI and client", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const a = await manualCode(owner.client, client_id);
    const wrongResource = await exchange(client_id, a.code, a.verifier, { resource: "https://evil.example/mcp" });
    expect(await wrongResource.json()).toMatchObject({ error: "invalid_target" });
    const b = await manualCode(owner.client, client_id);
    const wrongRedirect = await exchange(client_id, b.code, b.verifier, {
      redirect_uri: "http://127.0.0.1:8976/other",
    });
    expect(await wrongRedirect.json()).toMatchObject({ error: "invalid_grant" });
    const c = await manualCode(owner.client, client_id);
    const other = await register();
    const wrongClient = await exchange(other.client_id, c.code, c.verifier);
    expect(await wrongClient.json()).toMatchObject({ error: "invalid_grant" });

    // The consent API refuses, without redirecting: a wrong resource, a redirect URI not registered, no PKCE.
    const { challenge } = pkce();
    const base = {
      client_id,
      redirect_uri: REDIRECT,
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
    };
    const ask = (q: Record<string, string>) =>
      owner.client.get(`/api/oauth/consent?${new URLSearchParams(q).toString()}`);
    expect((await ask({ ...base, resource: "https://evil.example/mcp" })).statusCode).toBe(400);
    const unregistered = await ask({ ...base, redirect_uri: "https://attacker.example/cb" });
    expect(unregistered.statusCode).toBe(400);
    expect(unregistered.json().message).toContain("did not register");
    const plain = await ask({ ...base, code_challenge_method: "plain" });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toContain("PKCE");
    expect((await ask({ ...base, client_id: "mcp_nobody" })).statusCode).toBe(400);
    const posted = await owner.client.post("/api/oauth/consent", {
      ...base,
      redirect_uri: "https://attacker.example/cb",
      approve: true,
      scopes: BOTH,
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json()).not.toHaveProperty("redirectTo");
    // A refusal goes back with access_denied, the state and the issuer, and no code.
    const url = new URL(`${origin}/oauth/authorize?${new URLSearchParams({ ...base, state: "s9" }).toString()}`);
    const { back } = await consent(owner.client, url, [], false);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("s9");
    expect(back.searchParams.get("iss")).toBe(origin);
    expect(back.searchParams.has("code")).toBe(false);
  });

  it("lets a read-only connection read, and refuses its spending on /mcp and the automation API", async () => {
    const owner = await person(100);
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id, ["videos:read"]);
    const tokens = (await (await exchange(client_id, code, verifier)).json()) as OAuthTokens;
    expect(tokens.scope).toBe("videos:read");
    const provider = new MemoryProvider();
    provider.saveTokens(tokens);
    const mcp = await mcpWith(provider);
    expect((await call(mcp, "list_models")).isError).toBeFalsy();
    const refused = await call(mcp, "generate_video", { prompt: "A red fox in the snow", model: "veo3_fast" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("videos:write");
    for (const [tool, args] of [
      ["upgrade_video", { video_id: "any-video" }],
      ["extend_video", { video_id: "any-video", prompt: "And then" }],
      ["make_final", { video_id: "any-video" }],
    ] as const) {
      const answer = await call(mcp, tool, args);
      expect(answer.isError, tool).toBe(true);
      expect(textOf(answer), tool).toContain("videos:write");
    }
    expect((await balanceOf(t.database.db, owner.id)).credits).toBe(100);
    const api = await fetch(`${origin}/api/n8n/generate`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "A red fox in the snow", model: "veo3_fast" }),
    });
    expect(api.status).toBe(403);
    const balance = await fetch(`${origin}/api/n8n/balance`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(balance.status).toBe(200);
    // A refresh cannot widen it.
    const wider = await form("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
      client_id,
      scope: "videos:read videos:write",
    });
    expect(await wider.json()).toMatchObject({ error: "invalid_scope" });
  });

  it("revokes a connection at once; another person can neither see nor revoke it", async () => {
    const owner = await person();
    const stranger = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const tokens = (await (await exchange(client_id, code, verifier)).json()) as OAuthTokens;
    expect((await bearerPost(tokens.access_token)).status).toBe(200);
    const [connection] = (await owner.client.get("/api/oauth/connections")).json<{ connections: { id: string }[] }>()
      .connections;
    expect((await stranger.client.get("/api/oauth/connections")).json().connections).toEqual([]);
    expect((await stranger.client.delete(`/api/oauth/connections/${connection!.id}`)).statusCode).toBe(404);
    expect((await bearerPost(tokens.access_token)).status).toBe(200);

    expect((await owner.client.delete(`/api/oauth/connections/${connection!.id}`)).statusCode).toBe(200);
    const after = await bearerPost(tokens.access_token);
    expect(after.status).toBe(401);
    const refreshed = await form("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
      client_id,
    });
    expect(await refreshed.json()).toMatchObject({ error: "invalid_grant" });
    expect((await owner.client.delete(`/api/oauth/connections/${connection!.id}`)).statusCode).toBe(404);
  });

  it("ends a live-event stream opened with an OAuth token when its connection is revoked", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const tokens = (await (await exchange(client_id, code, verifier)).json()) as OAuthTokens;
    const stream = await SseClient.open(`${origin}/api/events`, { authorization: `Bearer ${tokens.access_token}` });
    if (!(stream instanceof SseClient)) throw new Error(`stream refused: ${stream.status}`);
    try {
      await stream.next("ready");
      const [connection] = (await owner.client.get("/api/oauth/connections")).json<{ connections: { id: string }[] }>()
        .connections;
      expect((await owner.client.delete(`/api/oauth/connections/${connection!.id}`)).statusCode).toBe(200);
      await stream.next("signed-out");
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it("ends a live-event stream opened with an OAuth token when the token expires", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const tokens = (await (await exchange(client_id, code, verifier)).json()) as OAuthTokens;
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(apiTokens.userId, owner.id));
    const stream = await SseClient.open(`${origin}/api/events`, { authorization: `Bearer ${tokens.access_token}` });
    if (!(stream instanceof SseClient)) throw new Error(`stream refused: ${stream.status}`);
    try {
      await stream.next("ready");
      await stream.next("signed-out");
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it("ends every connection when a password change signs automations out", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const tokens = (await (await exchange(client_id, code, verifier)).json()) as OAuthTokens;
    const kept = await owner.client.put("/api/user/change-password", {
      currentPassword: owner.password,
      newPassword: "another-password-1",
      revokeApiTokens: false,
    });
    expect(kept.statusCode).toBe(200);
    expect((await bearerPost(tokens.access_token)).status).toBe(200);
    const changed = await owner.client.put("/api/user/change-password", {
      currentPassword: "another-password-1",
      newPassword: "another-password-2",
      revokeApiTokens: true,
    });
    expect(changed.statusCode).toBe(200);
    expect((await bearerPost(tokens.access_token)).status).toBe(401);
    expect((await owner.client.get("/api/oauth/connections")).json().connections).toEqual([]);
  });

  it("refuses the tokens of a disabled account, and an expired access token with words saying so", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    const tokens = (await (await exchange(client_id, code, verifier)).json()) as OAuthTokens;
    const db = t.database.db;
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.userId, owner.id));
    await db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, row!.id));
    const expired = await bearerPost(tokens.access_token);
    expect(expired.status).toBe(401);
    expect(JSON.stringify(await expired.json())).toContain("expired");
    // The refresh token still gets a fresh one, until the account is disabled.
    const fresh = (await (
      await form("/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id })
    ).json()) as OAuthTokens;
    expect((await bearerPost(fresh.access_token)).status).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.id, owner.id));
    expect((await bearerPost(fresh.access_token)).status).toBe(401);
    const refused = await form("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: fresh.refresh_token!,
      client_id,
    });
    expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("revokes by RFC 7009: an access token alone, a refresh token with its connection", async () => {
    const owner = await person();
    const client_id = await sharedClient();
    const one = await manualCode(owner.client, client_id);
    const tokens = (await (await exchange(client_id, one.code, one.verifier)).json()) as OAuthTokens;
    const revoked = await form("/oauth/revoke", { token: tokens.access_token, client_id });
    expect(revoked.status).toBe(200);
    expect((await bearerPost(tokens.access_token)).status).toBe(401);
    expect((await owner.client.get("/api/oauth/connections")).json().connections).toHaveLength(1);
    await form("/oauth/revoke", { token: tokens.refresh_token!, client_id, token_type_hint: "refresh_token" });
    expect((await owner.client.get("/api/oauth/connections")).json().connections).toEqual([]);
    // Unknown tokens are answered 200; a classic API token is not OAuth's to revoke.
    expect((await form("/oauth/revoke", { token: "nothing", client_id })).status).toBe(200);
    const classic = (await owner.client.post("/api/user-tokens", { name: "kept" })).json<{ token: string }>();
    expect((await form("/oauth/revoke", { token: classic.token, client_id })).status).toBe(200);
    expect((await bearerPost(classic.token)).status).toBe(200);
  });

  it("registers public clients only, with https or loopback redirect URIs, and answers errors as OAuth does", async () => {
    const post = (body: unknown) =>
      fetch(`${origin}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const uri of ["http://example.com/cb", "javascript:alert(1)", "https://a.example/cb#x", "not a url"]) {
      const res = await post({ redirect_uris: [uri] });
      expect(res.status, uri).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_redirect_uri" });
    }
    const secret = await post({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "client_secret_basic" });
    expect(await secret.json()).toMatchObject({ error: "invalid_client_metadata" });
    expect((await post({})).status).toBe(400);
    const ok = await post({
      redirect_uris: ["https://app.example/cb", "http://[::1]/cb"],
      client_name: "\u202eevil\u202c Claude\n\u0007 Desktop",
    });
    expect(ok.status).toBe(201);
    expect(((await ok.clone().json()) as { client_name: string }).client_name).toBe("evil Claude Desktop");
    expect(await ok.json()).toMatchObject({
      token_endpoint_auth_method: "none",
      redirect_uris: ["https://app.example/cb", "http://[::1]/cb"],
    });

    expect(await (await form("/oauth/token", { grant_type: "password" })).json()).toMatchObject({
      error: "unsupported_grant_type",
    });
    expect(await (await form("/oauth/token", {})).json()).toMatchObject({ error: "invalid_request" });
    expect(await (await form("/oauth/token", { grant_type: "authorization_code", code: "x" })).json()).toMatchObject({
      error: "invalid_request",
    });
    const twice = await fetch(`${origin}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&grant_type=authorization_code",
    });
    expect(await twice.json()).toMatchObject({ error: "invalid_request" });
  });

  it("sweeps expired codes and tokens, and registered clients nobody connected, but no API token", async () => {
    const db = t.database.db;
    const owner = await person();
    const classic = (await owner.client.post("/api/user-tokens", { name: "kept" })).json<{ token: string }>();
    const client_id = await sharedClient();
    const { code, verifier } = await manualCode(owner.client, client_id);
    await exchange(client_id, code, verifier);
    const unused = await register([REDIRECT], "Nobody's app");
    const past = new Date(Date.now() - 1000);
    const [grant] = await db.select().from(oauthGrants).where(eq(oauthGrants.userId, owner.id));
    await db.update(oauthCodes).set({ expiresAt: past }).where(eq(oauthCodes.grantId, grant!.id));
    await db.update(oauthRefreshTokens).set({ expiresAt: past }).where(eq(oauthRefreshTokens.grantId, grant!.id));
    await db.update(apiTokens).set({ expiresAt: past }).where(eq(apiTokens.oauthGrantId, grant!.id));
    const old = new Date(Date.now() - 8 * 24 * 3600_000);
    await db
      .update(oauthClients)
      .set({ createdAt: old })
      .where(inArray(oauthClients.clientId, [unused.client_id, client_id]));

    await t.app.jobs.idempotencyKeySweep.runOnce();
    expect(await db.select().from(oauthCodes).where(eq(oauthCodes.grantId, grant!.id))).toEqual([]);
    expect(await db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.grantId, grant!.id))).toEqual([]);
    const left = await db.select().from(apiTokens).where(eq(apiTokens.userId, owner.id));
    expect(left.map((r) => r.name)).toEqual(["kept"]);
    expect((await bearerPost(classic.token)).status).toBe(200);
    const clients = await db
      .select({ id: oauthClients.clientId })
      .from(oauthClients)
      .where(inArray(oauthClients.clientId, [unused.client_id, client_id]));
    expect(clients.map((c) => c.id)).toEqual([client_id]);
  });

  it("limits registrations per address, in OAuth's shape with Retry-After", async () => {
    let res: Response | undefined;
    for (let i = 0; i < 25; i++) {
      res = await fetch(`${origin}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [REDIRECT] }),
      });
      if (res.status === 429) break;
    }
    expect(res!.status).toBe(429);
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res!.json()).toMatchObject({ error: "rate_limited", code: "rate_limited" });
  });

  it("asks for a session on the consent API and the connections", async () => {
    expect((await fetch(`${origin}/api/oauth/consent?client_id=x`)).status).toBe(401);
    expect((await fetch(`${origin}/api/oauth/connections`)).status).toBe(401);
  });
});
