/**
 * The downloadable n8n workflow: its structure, and a replay. The replay is a small interpreter of
 * just the n8n features the workflow uses (Manual Trigger, Set, HTTP Request with a Bearer Auth
 * credential, Wait, If, Stop and Error, and the expressions in it); it walks the workflow from
 * the trigger and sends its requests over real HTTP to a listening app whose provider is the
 * simulator, skipping only the Wait's delay.
 */
import { startImageHost } from "../helpers/image-host.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import {
  buildN8nWorkflow,
  CREDENTIAL_TYPE,
  MAX_STATUS_CHECKS,
  WAIT_SECONDS,
  type N8nNode,
  type N8nWorkflow,
} from "../../src/server/features/automation/n8n-workflow.js";
import { WORKFLOW_FILENAME } from "../../src/server/features/automation/messages.js";
import { TOKEN_PREFIX } from "../../src/shared/automation.js";
import { commonNode, evaluate, walkWorkflow, WorkflowError, type Json, type Walked } from "../helpers/n8n-replay.js";
import { Client, freePort } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
  startSimulator,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";

// ---------------------------------------------------------------------------------------------
// A tiny n8n: enough of its execution model and expression syntax for this workflow.
// ---------------------------------------------------------------------------------------------

interface SentRequest {
  node: string;
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}
interface Replay extends Walked {
  requests: SentRequest[];
  waits: number;
}

async function runWorkflow(
  wf: N8nWorkflow,
  opts: { credentials: Record<string, string>; onWait: () => Promise<void> },
): Promise<Replay> {
  const replay = { requests: [] as SentRequest[], waits: 0 };
  const walked = await walkWorkflow(wf, async ({ node, items, runIndex, pick }) => {
    const scope = { $json: items[0]!.json, $runIndex: runIndex, $: pick, JSON };
    const common = commonNode(node, items, scope);
    if (common) return common;
    switch (node.type) {
      case "n8n-nodes-base.wait":
        replay.waits += 1;
        await opts.onWait();
        return [items];
      case "n8n-nodes-base.httpRequest":
        return [[{ json: await httpRequest(node, scope, opts.credentials, replay) }]];
      default:
        throw new Error(`the replay does not know ${node.type}`);
    }
  });
  return { ...walked, ...replay };
}

async function httpRequest(
  node: N8nNode,
  scope: Json,
  credentials: Record<string, string>,
  replay: { requests: SentRequest[] },
): Promise<Json> {
  const p = node.parameters as Json;
  expect(p.authentication).toBe("genericCredentialType");
  const credentialId = node.credentials?.[p.genericAuthType as string]?.id;
  const token = credentialId ? credentials[credentialId] : undefined;
  const method = (p.method as string | undefined) ?? "GET";
  const url = String(evaluate(p.url, scope));
  let body: unknown;
  if (p.sendBody) {
    expect(p.specifyBody).toBe("json");
    const raw = evaluate(p.jsonBody, scope);
    body = typeof raw === "string" ? JSON.parse(raw) : raw;
  }
  const authorization = p.genericAuthType === "httpBearerAuth" && token !== undefined ? `Bearer ${token}` : undefined;
  replay.requests.push({ node: node.name, method, url, authorization, body });
  const res = await fetch(url, {
    method,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // Like n8n's default ("Never Error" off): a non-2xx answer fails the node with the body.
  if (!res.ok) throw new WorkflowError(`${node.name}: ${res.status} - ${text}`);
  return JSON.parse(text) as Json;
}

// ---------------------------------------------------------------------------------------------

const ORIGIN = "https://veo.example.test";

describe("the workflow's structure", () => {
  const wf = buildN8nWorkflow(ORIGIN);
  const node = (type: string) => wf.nodes.filter((n) => n.type === `n8n-nodes-base.${type}`);
  const named = (name: string) => wf.nodes.find((n) => n.name === name)!;

  it("is an importable n8n 1.x workflow: name, short id, inactive, v1 execution order", () => {
    expect(wf.name).toBeTruthy();
    expect(wf.id.length).toBeLessThanOrEqual(21);
    expect(wf.active).toBe(false);
    expect(wf.settings).toEqual({ executionOrder: "v1" });
    expect(new Set(wf.nodes.map((n) => n.id)).size).toBe(wf.nodes.length);
    expect(new Set(wf.nodes.map((n) => n.name)).size).toBe(wf.nodes.length);
    for (const n of wf.nodes) {
      expect(n.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(n.position).toHaveLength(2);
    }
    expect(JSON.stringify(buildN8nWorkflow(ORIGIN))).toBe(JSON.stringify(wf));
  });

  it("uses the node types and versions n8n 1.x knows", () => {
    const versions = Object.fromEntries(wf.nodes.map((n) => [n.type, n.typeVersion]));
    expect(versions).toEqual({
      "n8n-nodes-base.manualTrigger": 1,
      "n8n-nodes-base.set": 3.4,
      "n8n-nodes-base.httpRequest": 4.2,
      "n8n-nodes-base.wait": 1.1,
      "n8n-nodes-base.if": 2.2,
      "n8n-nodes-base.stopAndError": 1,
      "n8n-nodes-base.stickyNote": 1,
    });
    expect(node("manualTrigger")).toHaveLength(1);
  });

  it("connects only existing nodes, each If with a true and a false branch", () => {
    const names = new Set(wf.nodes.map((n) => n.name));
    for (const [from, { main }] of Object.entries(wf.connections)) {
      expect(names.has(from), from).toBe(true);
      for (const c of main.flat()) {
        expect(names.has(c.node), c.node).toBe(true);
        expect(c).toMatchObject({ type: "main", index: 0 });
      }
    }
    for (const n of node("if")) expect(wf.connections[n.name]!.main).toHaveLength(2);
    // Every node but the sticky note is reachable from the trigger.
    const reached = new Set<string>();
    const visit = (name: string) => {
      if (reached.has(name)) return;
      reached.add(name);
      for (const c of wf.connections[name]?.main.flat() ?? []) visit(c.node);
    };
    visit(node("manualTrigger")[0]!.name);
    expect([...names].filter((n) => !reached.has(n))).toEqual(["Setup"]);
  });

  it("calls the server's own origin with a Bearer Auth credential on both HTTP requests", () => {
    const http = node("httpRequest");
    expect(http.map((n) => [n.parameters.method, n.parameters.url])).toEqual([
      ["POST", `${ORIGIN}/api/n8n/generate`],
      ["GET", `=${ORIGIN}/api/n8n/video-status/{{ $json.taskId }}`],
    ]);
    for (const n of http) {
      expect(n.parameters).toMatchObject({
        authentication: "genericCredentialType",
        genericAuthType: "httpBearerAuth",
      });
      expect(Object.keys(n.credentials!)).toEqual([CREDENTIAL_TYPE]);
      expect(CREDENTIAL_TYPE).toBe("httpBearerAuth");
      expect(n.parameters.sendHeaders).toBeUndefined();
    }
    expect(http[0]!.parameters).toMatchObject({ sendBody: true, specifyBody: "json" });
    expect(
      buildN8nWorkflow("http://localhost:3000").nodes.find((n) => n.name === "Generate video")!.parameters.url,
    ).toBe("http://localhost:3000/api/n8n/generate");
  });

  it("waits 15-30 s (under n8n's 65 s in-memory limit) and loops back at most 40 times", () => {
    expect(node("wait")[0]!.parameters).toEqual({ resume: "timeInterval", amount: WAIT_SECONDS, unit: "seconds" });
    expect(WAIT_SECONDS).toBeGreaterThanOrEqual(15);
    expect(WAIT_SECONDS).toBeLessThanOrEqual(30);
    expect(wf.connections["Keep waiting?"]!.main[0]).toEqual([{ node: "Wait", type: "main", index: 0 }]);
    const cap = (named("Keep waiting?").parameters as Json).conditions.conditions[0];
    expect(cap).toMatchObject({
      leftValue: "={{ $runIndex + 1 }}",
      rightValue: MAX_STATUS_CHECKS,
      operator: { type: "number", operation: "lt" },
    });
    expect(MAX_STATUS_CHECKS).toBe(40);
    expect(wf.connections["Keep waiting?"]!.main[1]).toEqual([{ node: "Gave up", type: "main", index: 0 }]);
    expect(named("Gave up").type).toBe("n8n-nodes-base.stopAndError");
  });

  it("holds no token", () => {
    const text = JSON.stringify(wf);
    expect(text).not.toMatch(new RegExp(`${TOKEN_PREFIX}[A-Za-z0-9_-]{8,}`));
    // "Bearer Auth" (the credential's name in n8n) is fine; a bearer value is not.
    expect(text).not.toMatch(/Bearer\s+[A-Za-z0-9._~+/-]{12,}/);
    expect(text.toLowerCase()).not.toContain("authorization");
  });
});

describe("GET /api/n8n/workflow.json and a replay of it against a running server", () => {
  let t: VideoTestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // PORT: the simulator's callbacks reach this listening app; PUBLIC_URL: what the workflow calls.
    t = await createVideoTestApp({ env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin } });
    await t.app.listen({ port, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  /** A user with credits and an API token made on the /api page (session). */
  async function tokenOwner(credits = 50) {
    const u = await userWithCredits(t.app, t.database.db, credits);
    const res = await u.client.post("/api/user-tokens", { name: "n8n" });
    expect(res.statusCode).toBe(201);
    const token = res.json().token as string;
    expect(token.startsWith(TOKEN_PREFIX)).toBe(true);
    return { ...u, token };
  }

  async function download(): Promise<N8nWorkflow> {
    const res = await fetch(`${origin}/api/n8n/workflow.json`);
    expect(res.status).toBe(200);
    return (await res.json()) as N8nWorkflow;
  }

  const credentialsFor = (wf: N8nWorkflow, token: string) => {
    const ids = new Set(wf.nodes.flatMap((n) => Object.values(n.credentials ?? {}).map((c) => c.id)));
    return Object.fromEntries([...ids].map((id) => [id, token]));
  };
  /** Time passing during a Wait: the worker checks the provider (the simulator takes ~100 ms). */
  const passTime = async () => {
    await t.app.jobs.taskWorker.runOnce();
    await passSimulatorTime(t.sim, 120);
  };

  it("is public, a file download, with this server's origin and no token", async () => {
    const res = await new Client(t.app).get("/api/n8n/workflow.json");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${WORKFLOW_FILENAME}"`);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(buildN8nWorkflow(origin))));
    expect(res.body).not.toMatch(new RegExp(`${TOKEN_PREFIX}[A-Za-z0-9_-]{8,}`));
  });

  it("runs to a finished video: generate with the token, wait, poll until completed", async () => {
    const u = await tokenOwner();
    const wf = await download();
    const before = await balanceOf(t.database.db, u.id);
    const replay = await runWorkflow(wf, { credentials: credentialsFor(wf, u.token), onWait: passTime });

    expect(replay.error).toBeUndefined();
    expect(replay.finishedAt).toBe("Video ready");
    const [generate, ...checks] = replay.requests;
    expect(generate).toEqual({
      node: "Generate video",
      method: "POST",
      url: `${origin}/api/n8n/generate`,
      authorization: `Bearer ${u.token}`,
      body: {
        prompt: "A red fox running through fresh snow at sunrise, cinematic",
        model: "veo3_fast",
        mode: "text",
        aspectRatio: "16:9",
        imageUrls: [],
        upgrade4k: false,
        draft: false,
      },
    });
    expect(checks.length).toBeGreaterThanOrEqual(1);
    expect(checks.length).toBe(replay.waits);
    const taskId = replay.output!.taskId as string;
    for (const c of checks)
      expect(c).toMatchObject({
        method: "GET",
        url: `${origin}/api/n8n/video-status/${taskId}`,
        authorization: `Bearer ${u.token}`,
      });
    expect(replay.output).toMatchObject({ taskId, videoUrl: expect.stringMatching(/^https?:\/\//) });

    // The token's owner paid the API price for a Fast video, and the task is theirs, made via the API.
    const after = await balanceOf(t.database.db, u.id);
    const [row] = await t.database.db.select().from(videoTasks).where(eq(videoTasks.taskId, taskId));
    expect(row).toMatchObject({ userId: u.id, status: "completed", model: "veo3_fast", createdVia: "api" });
    expect(before.credits - after.credits).toBe(2);
  });

  it("carries the catalogue's fields: Lite with three reference images from the comma-separated setting", async () => {
    const u = await tokenOwner();
    const wf = await download();
    const fields = (wf.nodes.find((n) => n.name === "Video settings")!.parameters as Json).assignments
      .assignments as Json[];
    const set = (name: string, value: string) => (fields.find((f) => f.name === name)!.value = value);
    set("model", "veo3_lite");
    set("mode", "reference");
    const host = await startImageHost();
    set("imageUrls", `${host.url("a.png")}, ${host.url("b.png")},${host.url("c.png")}`);
    set("upgrade4k", "true");
    const replay = await runWorkflow(wf, { credentials: credentialsFor(wf, u.token), onWait: passTime }).finally(() =>
      host.close(),
    );
    expect(replay.error).toBeUndefined();
    expect(replay.requests[0]!.body).toMatchObject({
      model: "veo3_lite",
      mode: "reference",
      imageUrls: [host.url("a.png"), host.url("b.png"), host.url("c.png")],
      upgrade4k: true,
    });
    const [row] = await t.database.db
      .select()
      .from(videoTasks)
      .where(eq(videoTasks.taskId, replay.output!.taskId as string));
    expect(row).toMatchObject({ model: "veo3_lite", mode: "reference", status: "completed", uhdCredits: 4 });
    expect(row!.uhdStatus).not.toBe("none");
    expect(row!.imageUrls).toHaveLength(3);
  });

  it("makes a draft when the draft setting is true: Veo3 Fast's made by Veo3 Lite", async () => {
    const u = await tokenOwner();
    const wf = await download();
    const fields = (wf.nodes.find((n) => n.name === "Video settings")!.parameters as Json).assignments
      .assignments as Json[];
    fields.find((f) => f.name === "draft")!.value = "true";
    const replay = await runWorkflow(wf, { credentials: credentialsFor(wf, u.token), onWait: passTime });
    expect(replay.error).toBeUndefined();
    expect(replay.requests[0]!.body).toMatchObject({ model: "veo3_fast", draft: true });
    const [row] = await t.database.db
      .select()
      .from(videoTasks)
      .where(eq(videoTasks.taskId, replay.output!.taskId as string));
    expect(row).toMatchObject({ model: "veo3_lite", draftOfModel: "veo3_fast", status: "completed" });
  });

  it("stops with the server's message when the video fails", async () => {
    const u = await tokenOwner();
    const wf = await download();
    const settings = wf.nodes.find((n) => n.name === "Video settings")!;
    (settings.parameters as Json).assignments.assignments[0].value = "A storm over the sea [sim:fail]";
    const replay = await runWorkflow(wf, { credentials: credentialsFor(wf, u.token), onWait: passTime });
    expect(replay.finishedAt).toBe("Video failed");
    const last = replay.requests.at(-1)!;
    const status = await fetch(last.url, { headers: { authorization: `Bearer ${u.token}` } }).then(
      (r) => r.json() as Promise<Json>,
    );
    expect(status.status).toBe("failed");
    expect(replay.error).toBe(status.message);
  });

  it("stops with the server's message when generate is refused (not enough credits)", async () => {
    const u = await tokenOwner(1);
    const wf = await download();
    const replay = await runWorkflow(wf, { credentials: credentialsFor(wf, u.token), onWait: passTime });
    expect(replay.finishedAt).toBe("Generate video");
    expect(replay.error).toMatch(/^Generate video: 402 - /);
    expect(replay.requests).toHaveLength(1);
  });

  it("without a valid token the first request is refused with 401", async () => {
    const wf = await download();
    const replay = await runWorkflow(wf, {
      credentials: credentialsFor(wf, `${TOKEN_PREFIX}not-a-real-token`),
      onWait: passTime,
    });
    expect(replay.finishedAt).toBe("Generate video");
    expect(replay.error).toMatch(/^Generate video: 401 - /);
  });

  describe("with a provider that never finishes", () => {
    let slow: StartedSimulator;
    let s: VideoTestApp;
    let slowOrigin: string;
    beforeAll(async () => {
      slow = await startSimulator({ delayMs: 3_600_000 });
      const port = await freePort();
      slowOrigin = `http://127.0.0.1:${port}`;
      s = await createVideoTestApp({
        sim: slow,
        database: t.database,
        env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: slowOrigin },
      });
      await s.app.listen({ port, host: "127.0.0.1" });
    });
    afterAll(async () => {
      await s.close();
      await slow.close();
    });

    it("gives up after the cap of status checks (cap lowered to 3 for the test)", async () => {
      const u = await tokenOwner();
      const wf = (await fetch(`${slowOrigin}/api/n8n/workflow.json`).then((r) => r.json())) as N8nWorkflow;
      const cap = (wf.nodes.find((n) => n.name === "Keep waiting?")!.parameters as Json).conditions.conditions[0];
      expect(cap.rightValue).toBe(MAX_STATUS_CHECKS);
      cap.rightValue = 3;
      const replay = await runWorkflow(wf, {
        credentials: credentialsFor(wf, u.token),
        onWait: async () => void (await s.app.jobs.taskWorker.runOnce()),
      });
      expect(replay.finishedAt).toBe("Gave up");
      expect(replay.requests.filter((r) => r.node === "Check status")).toHaveLength(3);
      const taskId = replay.requests.at(-1)!.url.split("/").at(-1)!;
      expect(replay.error).toBe(
        `The video was still processing after ${MAX_STATUS_CHECKS} status checks. Check it later: taskId ${taskId}`,
      );
    });
  });
});
