/**
 * The MCP server at /mcp (decision 0168), driven by the SDK's own client over real HTTP against a
 * listening app whose provider is the simulator: the tools, a video made end to end, idempotency,
 * refusals as tool errors, the API token's checks (a revoked one refused at once), another
 * person's video invisible, and the Origin and Host guards.
 */
import http from "node:http";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  taskRow,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

const TOOLS = [
  "estimate_cost",
  "extend_video",
  "generate_video",
  "get_balance",
  "get_video",
  "list_models",
  "list_videos",
  "make_final",
  "upgrade_video",
];

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

describe("the MCP server at /mcp", () => {
  let t: VideoTestApp;
  let origin: string;
  let port: number;
  const clients: McpClient[] = [];

  beforeAll(async () => {
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createVideoTestApp({ env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin } });
    await t.app.listen({ port, host: "127.0.0.1" });
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await t.close();
  });

  /** A person with credits and an API token made on the /api page. */
  async function tokenOwner(credits = 100) {
    const u = await userWithCredits(t.app, t.database.db, credits);
    const res = await u.client.post("/api/user-tokens", { name: "agent" });
    expect(res.statusCode).toBe(201);
    const { token, id } = res.json<{ token: string; id: string }>();
    return { ...u, token, tokenId: id };
  }

  async function connect(token: string): Promise<McpClient> {
    const client = new McpClient({ name: "test-agent", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const call = async (client: McpClient, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult & {
      structuredContent?: Record<string, unknown>;
    };
  const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

  /** A raw POST to /mcp over node:http, so Host and Origin are what the test says. */
  function rawPost(headers: Record<string, string>, body: unknown = INITIALIZE) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/mcp",
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            host: `127.0.0.1:${port}`,
            ...headers,
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(body));
    });
  }

  it("lists its tools, each with an input schema, to the SDK's client", async () => {
    const { token } = await tokenOwner();
    const client = await connect(token);
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(TOOLS);
    const generate = tools.find((x) => x.name === "generate_video")!;
    expect(Object.keys(generate.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["prompt", "model", "mode", "imageUrls", "idempotency_key"]),
    );
    expect(generate.inputSchema.properties).not.toHaveProperty("callbackUrl");
  });

  it("tells the models at API prices, estimates a cost and the balance", async () => {
    const { token } = await tokenOwner(40);
    const client = await connect(token);
    const models = await call(client, "list_models");
    expect(models.isError).toBeFalsy();
    const list = models.structuredContent!.models as { id: string; price: { credits: number } }[];
    expect(list.map((m) => m.id)).toContain("veo3_fast");
    expect(textOf(models)).toContain("veo3_fast");

    const estimate = await call(client, "estimate_cost", { model: "veo3_fast", variants: 2 });
    expect(estimate.isError).toBeFalsy();
    const fast = list.find((m) => m.id === "veo3_fast")!;
    expect(estimate.structuredContent).toMatchObject({ videos: 2, balance: 40 });
    expect(estimate.structuredContent!.credits).toBe(2 * (estimate.structuredContent!.perVideo as number));
    expect(estimate.structuredContent!.perVideo).toBeGreaterThanOrEqual(fast.price.credits);

    const balance = await call(client, "get_balance");
    expect(balance.structuredContent).toMatchObject({ credits: 40 });
  });

  it("makes a video end to end: generate_video, then get_video until it is completed", async () => {
    const owner = await tokenOwner(100);
    const client = await connect(owner.token);
    const started = await call(client, "generate_video", { prompt: "A red fox in the snow", model: "veo3_fast" });
    expect(started.isError, textOf(started)).toBeFalsy();
    const videoId = started.structuredContent!.taskId as string;
    const charged = started.structuredContent!.creditsUsed as number;
    expect(charged).toBeGreaterThan(0);
    expect((await balanceOf(t.database.db, owner.id)).credits).toBe(100 - charged);

    const first = await call(client, "get_video", { video_id: videoId });
    expect(first.structuredContent).toMatchObject({ status: "processing" });

    let done: CallToolResult & { structuredContent?: Record<string, unknown> } = first;
    await runWorkerUntil(t, async () => {
      done = await call(client, "get_video", { video_id: videoId });
      return done.structuredContent?.status === "completed";
    });
    expect(done.structuredContent!.videoUrl).toEqual(expect.stringMatching(/^https?:\/\//));
    expect(textOf(done)).toContain("completed");
    // Who made it (decision 0175): the simulator stands in for KIE.
    expect(done.structuredContent!.vendor).toBe("kie");

    // The 4K version at the API's surcharge, then an extension: both submit and return at once.
    const models = await call(client, "list_models");
    const surcharges = models.structuredContent!.surcharges as { surcharge: string; credits: number }[];
    const before = (await balanceOf(t.database.db, owner.id)).credits;
    const upgrade = await call(client, "upgrade_video", { video_id: videoId });
    expect(upgrade.isError, textOf(upgrade)).toBeFalsy();
    expect(upgrade.structuredContent!.creditsUsed).toBe(surcharges.find((x) => x.surcharge === "4k")!.credits);
    expect((await balanceOf(t.database.db, owner.id)).credits).toBe(
      before - (upgrade.structuredContent!.creditsUsed as number),
    );
    await runWorkerUntil(t, async () => {
      const now = await call(client, "get_video", { video_id: videoId });
      return typeof now.structuredContent?.videoUrl4k === "string";
    });
    const again = await call(client, "upgrade_video", { video_id: videoId });
    expect(again.isError).toBe(true);
    await t.app.jobs.videoArchiver.runOnce();
    const extension = await call(client, "extend_video", { video_id: videoId, prompt: "The fox jumps" });
    expect(extension.isError, textOf(extension)).toBeFalsy();
    expect(extension.structuredContent!.taskId).not.toBe(videoId);

    const listed = await call(client, "list_videos", { limit: 5 });
    expect((listed.structuredContent!.videos as { videoId: string }[]).map((v) => v.videoId)).toContain(videoId);
  });

  it("makes a cheap draft, then make_final makes it at full quality as a new video", async () => {
    const owner = await tokenOwner(300);
    const client = await connect(owner.token);
    const draft = await call(client, "generate_video", { prompt: "A paper lantern", model: "veo3_fast", draft: true });
    expect(draft.isError, textOf(draft)).toBeFalsy();
    const draftId = draft.structuredContent!.taskId as string;
    // Too early: a draft still being made cannot be made final, and nothing is charged for asking.
    const early = await call(client, "make_final", { video_id: draftId });
    expect(early.isError).toBe(true);
    expect(textOf(early)).toContain("(conflict)");
    await runWorkerUntil(t, async () => {
      const now = await call(client, "get_video", { video_id: draftId });
      return now.structuredContent?.status === "completed";
    });
    const seen = await call(client, "get_video", { video_id: draftId });
    expect(seen.structuredContent).toMatchObject({ model: "veo3_lite", draftOf: { model: "veo3_fast" } });

    const before = (await balanceOf(t.database.db, owner.id)).credits;
    const final = await call(client, "make_final", { video_id: draftId, idempotency_key: "mcp-final-1" });
    expect(final.isError, textOf(final)).toBeFalsy();
    const again = await call(client, "make_final", { video_id: draftId, idempotency_key: "mcp-final-1" });
    expect(again.structuredContent).toMatchObject({ taskId: final.structuredContent!.taskId, replayed: true });
    const finalId = final.structuredContent!.taskId as string;
    expect(finalId).not.toBe(draftId);
    expect((await balanceOf(t.database.db, owner.id)).credits).toBe(
      before - (final.structuredContent!.creditsUsed as number),
    );
    const row = await taskRow(t.database.db, finalId);
    expect(row).toMatchObject({ model: "veo3_fast", prompt: "A paper lantern", draftOfModel: null });
  });

  it("is idempotent: the same idempotency_key starts one video and charges once", async () => {
    const owner = await tokenOwner(100);
    const client = await connect(owner.token);
    const args = { prompt: "A lighthouse at dusk", model: "veo3_fast", idempotency_key: "mcp-key-1" };
    const a = await call(client, "generate_video", args);
    const b = await call(client, "generate_video", args);
    expect(a.isError, textOf(a)).toBeFalsy();
    expect(b.structuredContent!.taskId).toBe(a.structuredContent!.taskId);
    expect(b.structuredContent!.replayed).toBe(true);
    const charged = a.structuredContent!.creditsUsed as number;
    expect((await balanceOf(t.database.db, owner.id)).credits).toBe(100 - charged);
    // The same key for another request is refused, not run.
    const other = await call(client, "generate_video", { ...args, prompt: "Something else" });
    expect(other.isError).toBe(true);
    expect(textOf(other)).toMatch(/already used for a different request/);
  });

  it("answers bad input and refusals as tool errors a person can act on, never a fault", async () => {
    const owner = await tokenOwner(100);
    const client = await connect(owner.token);
    const badModel = await call(client, "generate_video", { prompt: "x", model: "no-such-model" });
    expect(badModel.isError).toBe(true);
    expect(textOf(badModel)).toMatch(/model/i);
    const badLength = await call(client, "generate_video", { prompt: "x", model: "veo3_fast", durationSeconds: 999 });
    expect(badLength.isError).toBe(true);
    expect(textOf(badLength)).toMatch(/999 seconds/);
    const noPrompt = await call(client, "generate_video", { model: "veo3_fast" });
    expect(noPrompt.isError).toBe(true);
    const badEstimate = await call(client, "estimate_cost", { model: "veo3_fast", durationSeconds: 999 });
    expect(badEstimate.isError).toBe(true);
    const missing = await call(client, "get_video", { video_id: "no-such-video" });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/not found/i);

    // Images go through the automation API's checks: the request-forgery guard and the bytes.
    const metadata = await call(client, "generate_video", {
      prompt: "x",
      model: "veo3_fast",
      mode: "image",
      imageUrls: ["http://169.254.169.254/latest/meta-data/image.png"],
    });
    expect(metadata.isError).toBe(true);
    expect(textOf(metadata)).not.toMatch(/went wrong/);
    const notImage = await call(client, "generate_video", {
      prompt: "x",
      model: "veo3_fast",
      mode: "image",
      imageUrls: [Buffer.from("not an image at all").toString("base64")],
    });
    expect(notImage.isError).toBe(true);
    expect(textOf(notImage)).not.toMatch(/went wrong/);
    expect((await balanceOf(t.database.db, owner.id)).credits).toBe(100);

    const poor = await tokenOwner(0);
    const poorClient = await connect(poor.token);
    const refused = await call(poorClient, "generate_video", { prompt: "A cat", model: "veo3_fast" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/credits/i);
    expect((await balanceOf(t.database.db, poor.id)).credits).toBe(0);
  });

  it("hides another person's video from every tool", async () => {
    const alice = await tokenOwner(100);
    const bob = await tokenOwner(100);
    const aliceClient = await connect(alice.token);
    const started = await call(aliceClient, "generate_video", { prompt: "Alice's video", model: "veo3_fast" });
    const videoId = started.structuredContent!.taskId as string;
    const bobClient = await connect(bob.token);
    for (const [tool, args] of [
      ["get_video", { video_id: videoId }],
      ["upgrade_video", { video_id: videoId }],
      ["extend_video", { video_id: videoId, prompt: "More" }],
    ] as const) {
      const res = await call(bobClient, tool, args);
      expect(res.isError, tool).toBe(true);
      expect(textOf(res), tool).toMatch(/not found/i);
    }
    const bobs = await call(bobClient, "list_videos");
    expect(bobs.structuredContent!.videos).toEqual([]);
    expect((await balanceOf(t.database.db, bob.id)).credits).toBe(100);
  });

  it("asks for the API token with a Bearer challenge, and refuses a revoked token at once", async () => {
    const none = await rawPost({});
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(
      /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    const bad = await rawPost({ authorization: "Bearer veo_not-a-token" });
    expect(bad.status).toBe(401);
    expect(JSON.parse(bad.body)).toMatchObject({
      jsonrpc: "2.0",
      error: { message: expect.stringMatching(/API token/) },
    });

    const meta = await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`);
    expect(meta.status).toBe(200);
    expect(await meta.json()).toMatchObject({ resource: `${origin}/mcp`, bearer_methods_supported: ["header"] });

    const owner = await tokenOwner(100);
    const client = await connect(owner.token);
    expect((await call(client, "get_balance")).isError).toBeFalsy();
    const revoked = await owner.client.delete(`/api/user-tokens/${owner.tokenId}`);
    expect(revoked.statusCode).toBe(200);
    await expect(call(client, "get_balance")).rejects.toThrow(/401|does not exist/);
    expect((await rawPost({ authorization: `Bearer ${owner.token}` })).status).toBe(401);
  });

  it("refuses a foreign browser Origin and a Host that is not ours; GET and DELETE are 405", async () => {
    const { token } = await tokenOwner();
    const authorization = `Bearer ${token}`;
    expect((await rawPost({ authorization })).status).toBe(200);
    expect((await rawPost({ authorization, origin })).status).toBe(200);

    const foreign = await rawPost({ authorization, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    // DNS rebinding: the attacker's name resolves to us, the browser sends its own Host (and Origin).
    const rebound = await rawPost({ authorization, host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error.message).toMatch(/host name/);

    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${origin}/mcp`, { method, headers: { authorization } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
  });
});
