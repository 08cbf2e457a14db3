/**
 * The downloadable n8n workflow that waits for the callback instead of polling (issue 21): its
 * structure, and a replay. The replay is a small interpreter of just the n8n features the workflow
 * uses (Manual Trigger, Set, HTTP Request with a Bearer Auth credential and headers, a Wait that
 * resumes on a webhook call, If, and the expressions in it, with $execution.id and
 * $execution.resumeUrl). The resume URL is a node:http receiver standing in for n8n's waiting
 * webhook: the Wait resumes with what the server POSTed there, as n8n's does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { videoTasks } from "../../src/server/db/schema.js";
import { WEBHOOK_WORKFLOW_FILENAME } from "../../src/server/features/automation/messages.js";
import {
  buildN8nWebhookWorkflow,
  WEBHOOK_WAIT_NODE,
} from "../../src/server/features/automation/n8n-webhook-workflow.js";
import {
  buildN8nWorkflow,
  CREDENTIAL_TYPE,
  type N8nNode,
  type N8nWorkflow,
} from "../../src/server/features/automation/n8n-workflow.js";
import { TOKEN_PREFIX, WEBHOOK_WAIT_MINUTES } from "../../src/shared/automation.js";
import { videoWebhookEventSchema } from "../../src/shared/schemas/webhooks.js";
import {
  commonNode,
  evaluate,
  n8nString,
  walkWorkflow,
  WorkflowError,
  type Json,
  type Walked,
} from "../helpers/n8n-replay.js";
import { Client, freePort } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";

// ---------------------------------------------------------------------------------------------
// A tiny n8n: enough of its execution model and expression syntax for this workflow.
// ---------------------------------------------------------------------------------------------

/** What n8n gives expressions about the running execution. */
interface Execution {
  id: string;
  resumeUrl: string;
}
interface SentRequest {
  node: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
interface Replay extends Walked {
  requests: SentRequest[];
  waits: number;
}
/** A request to the resume URL, as n8n's Wait node outputs it. */
interface WebhookCall {
  method: string;
  headers: http.IncomingHttpHeaders;
  params: Json;
  query: Json;
  body: unknown;
  rawBody: string;
}

/** The HTTP Request node's request, its expressions evaluated; the credential adds Authorization. */
function requestOf(node: N8nNode, scope: Json, credentials: Record<string, string>): SentRequest {
  const p = node.parameters as Json;
  expect(p.authentication).toBe("genericCredentialType");
  expect(p.genericAuthType).toBe(CREDENTIAL_TYPE);
  const token = credentials[node.credentials?.[CREDENTIAL_TYPE]?.id ?? ""];
  const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  if (p.sendHeaders) {
    expect(p.specifyHeaders).toBe("keypair");
    for (const h of p.headerParameters.parameters as Array<{ name: string; value: string }>)
      headers[h.name.toLowerCase()] = n8nString(evaluate(h.value, scope));
  }
  let body: unknown;
  if (p.sendBody) {
    expect(p.specifyBody).toBe("json");
    const raw = evaluate(p.jsonBody, scope);
    body = typeof raw === "string" ? JSON.parse(raw) : raw;
    headers["content-type"] = "application/json";
  }
  return {
    node: node.name,
    method: (p.method as string | undefined) ?? "GET",
    url: String(evaluate(p.url, scope)),
    headers,
    body,
  };
}

async function send(request: SentRequest): Promise<Response> {
  return fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
}

interface RunOptions {
  credentials: Record<string, string>;
  execution: Execution;
  /** The Wait node is waiting: returns the call to its resume URL, or undefined when its time limit passed first. */
  onWait: (node: N8nNode) => Promise<WebhookCall | undefined>;
}

async function runWorkflow(wf: N8nWorkflow, opts: RunOptions): Promise<Replay> {
  const replay = { requests: [] as SentRequest[], waits: 0 };
  const ran = new Set<string>();
  const walked = await walkWorkflow(wf, async ({ node, items, pick }) => {
    // No node runs twice: the workflow has no loop.
    expect(ran.has(node.name), `${node.name} ran twice`).toBe(false);
    ran.add(node.name);
    const scope = { $json: items[0]!.json, $execution: opts.execution, $: pick, JSON, String };
    const common = commonNode(node, items, scope);
    if (common) return common;
    switch (node.type) {
      case "n8n-nodes-base.httpRequest": {
        const request = requestOf(node, scope, opts.credentials);
        replay.requests.push(request);
        const res = await send(request);
        const text = await res.text();
        // Like n8n's default ("Never Error" off): a non-2xx answer fails the node with the body.
        if (!res.ok) throw new WorkflowError(`${node.name}: ${res.status} - ${text}`);
        return [[{ json: JSON.parse(text) as Json }]];
      }
      case "n8n-nodes-base.wait": {
        expect(node.parameters.resume).toBe("webhook");
        replay.waits += 1;
        const call = await opts.onWait(node);
        if (call) expect(call.method).toBe(node.parameters.httpMethod);
        // Resumed by the call: its request as the item. After the time limit: the input item, unchanged.
        return [
          call ? [{ json: { headers: call.headers, params: call.params, query: call.query, body: call.body } }] : items,
        ];
      }
      default:
        throw new Error(`the replay does not know ${node.type}`);
    }
  });
  return { ...walked, ...replay };
}

// ---------------------------------------------------------------------------------------------
// n8n's side of the callback: a server on 127.0.0.1 recording every call to a resume URL.
// ---------------------------------------------------------------------------------------------

interface Receiver {
  origin: string;
  /** Calls by path (/webhook-waiting/<execution id>). */
  calls: Map<string, WebhookCall[]>;
  resumeUrl(executionId: string): string;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const calls = new Map<string, WebhookCall[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let body: unknown = rawBody;
      try {
        body = JSON.parse(rawBody);
      } catch {
        // kept as text
      }
      const list = calls.get(url.pathname) ?? [];
      list.push({
        method: req.method ?? "",
        headers: req.headers,
        params: {},
        query: Object.fromEntries(url.searchParams),
        body,
        rawBody,
      });
      calls.set(url.pathname, list);
      // The Wait node's default: respond "Immediately" with 200.
      res.writeHead(200, { "content-type": "application/json" }).end('{"message":"Workflow was started"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    calls,
    // Recent n8n versions add a signature to the resume URL: the query must come back untouched.
    resumeUrl: (executionId) => `${origin}/webhook-waiting/${executionId}?signature=sig-${executionId}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------

const ORIGIN = "https://veo.example.test";

describe("the webhook workflow's structure", () => {
  const wf = buildN8nWebhookWorkflow(ORIGIN);
  const ofType = (type: string) => wf.nodes.filter((n) => n.type === `n8n-nodes-base.${type}`);
  const named = (name: string) => wf.nodes.find((n) => n.name === name)!;

  it("is an importable n8n 1.x workflow, distinct from the polling one", () => {
    expect(wf.name).toBeTruthy();
    expect(wf.id.length).toBeLessThanOrEqual(21);
    expect(wf.active).toBe(false);
    expect(wf.settings).toEqual({ executionOrder: "v1" });
    expect(new Set(wf.nodes.map((n) => n.id)).size).toBe(wf.nodes.length);
    expect(new Set(wf.nodes.map((n) => n.name)).size).toBe(wf.nodes.length);
    for (const n of wf.nodes) expect(n.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(JSON.stringify(buildN8nWebhookWorkflow(ORIGIN))).toBe(JSON.stringify(wf));
    const polling = buildN8nWorkflow(ORIGIN);
    expect(wf.id).not.toBe(polling.id);
    expect(wf.name).not.toBe(polling.name);
    const pollingIds = new Set(polling.nodes.map((n) => n.id));
    expect(wf.nodes.filter((n) => pollingIds.has(n.id))).toEqual([]);
  });

  it("uses the node types and versions n8n 1.x knows", () => {
    expect(Object.fromEntries(wf.nodes.map((n) => [n.type, n.typeVersion]))).toEqual({
      "n8n-nodes-base.manualTrigger": 1,
      "n8n-nodes-base.set": 3.4,
      "n8n-nodes-base.httpRequest": 4.2,
      "n8n-nodes-base.wait": 1.1,
      "n8n-nodes-base.if": 2.2,
      "n8n-nodes-base.stickyNote": 1,
    });
    expect(ofType("manualTrigger")).toHaveLength(1);
    expect(ofType("wait")).toHaveLength(1);
    // One request out: no status check.
    expect(ofType("httpRequest").map((n) => n.name)).toEqual(["Generate video"]);
  });

  it("runs straight through: trigger, settings, generate, wait, completed? then one end each way, no loop", () => {
    expect(wf.connections).toEqual({
      Start: { main: [[{ node: "Settings", type: "main", index: 0 }]] },
      Settings: { main: [[{ node: "Generate video", type: "main", index: 0 }]] },
      "Generate video": { main: [[{ node: WEBHOOK_WAIT_NODE, type: "main", index: 0 }]] },
      [WEBHOOK_WAIT_NODE]: { main: [[{ node: "Completed?", type: "main", index: 0 }]] },
      "Completed?": {
        main: [[{ node: "Video URLs", type: "main", index: 0 }], [{ node: "Failed", type: "main", index: 0 }]],
      },
    });
    // No cycle: a walk from the trigger never comes back to a node on its path.
    const walk = (name: string, path: string[]): void => {
      expect(path, `${name} loops back`).not.toContain(name);
      for (const c of wf.connections[name]?.main.flat() ?? []) walk(c.node, [...path, name]);
    };
    walk("Start", []);
    const reached = new Set([
      "Start",
      ...Object.values(wf.connections).flatMap((c) => c.main.flat().map((t) => t.node)),
    ]);
    expect(wf.nodes.map((n) => n.name).filter((n) => !reached.has(n))).toEqual(["Setup"]);
  });

  it("generates with a Bearer Auth credential, one Idempotency-Key per execution and n8n's resume URL as callbackUrl", () => {
    const generate = named("Generate video");
    expect(generate.parameters).toMatchObject({
      method: "POST",
      url: `${ORIGIN}/api/n8n/generate`,
      authentication: "genericCredentialType",
      genericAuthType: "httpBearerAuth",
      sendHeaders: true,
      specifyHeaders: "keypair",
      headerParameters: { parameters: [{ name: "Idempotency-Key", value: "={{ $execution.id }}" }] },
      sendBody: true,
      specifyBody: "json",
    });
    expect(Object.keys(generate.credentials!)).toEqual([CREDENTIAL_TYPE]);
    const body = JSON.parse(
      String(
        evaluate(generate.parameters.jsonBody, {
          $json: {
            prompt: "p",
            model: "veo3",
            mode: "image",
            aspectRatio: "9:16",
            imageUrls: " https://i.test/a.png ,https://i.test/b.png, ",
          },
          $execution: { id: "7", resumeUrl: "R" },
          JSON,
          String,
        }),
      ),
    );
    expect(body).toEqual({
      prompt: "p",
      model: "veo3",
      mode: "image",
      aspectRatio: "9:16",
      imageUrls: ["https://i.test/a.png", "https://i.test/b.png"],
      upgrade4k: false,
      draft: false,
      callbackUrl: "R",
    });
  });

  it("waits for a POST to its resume URL, with a time limit longer than the server's task timeout", () => {
    const wait = named(WEBHOOK_WAIT_NODE);
    expect(wait.parameters).toEqual({
      resume: "webhook",
      httpMethod: "POST",
      limitWaitTime: true,
      limitType: "afterTimeInterval",
      resumeAmount: WEBHOOK_WAIT_MINUTES,
      resumeUnit: "minutes",
      options: {},
    });
    expect(WEBHOOK_WAIT_MINUTES).toBeGreaterThan(30);
    expect(wait.webhookId).toMatch(/^[0-9a-f-]{36}$/);
    const condition = (named("Completed?").parameters as Json).conditions.conditions[0];
    expect(condition).toMatchObject({ rightValue: "completed", operator: { type: "string", operation: "equals" } });
    expect(condition.leftValue).toContain("$json.body?.data");
  });

  it("holds no token", () => {
    const text = JSON.stringify(wf);
    expect(text).not.toMatch(new RegExp(`${TOKEN_PREFIX}[A-Za-z0-9_-]{8,}`));
    expect(text).not.toMatch(/Bearer\s+[A-Za-z0-9._~+/-]{12,}/);
    expect(text.toLowerCase()).not.toContain("authorization");
  });
});

describe("GET /api/n8n/workflow-webhook.json and a replay of it against a running server", () => {
  let t: VideoTestApp;
  let origin: string;
  let receiver: Receiver;
  let executions = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // WEBHOOKS_ALLOW_LOCAL: the callback may go to the receiver on 127.0.0.1 over http.
    t = await createVideoTestApp({
      env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, WEBHOOKS_ALLOW_LOCAL: "true" },
    });
    await t.app.listen({ port, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  }, 180_000);

  async function tokenOwner(credits = 50) {
    const u = await userWithCredits(t.app, t.database.db, credits);
    const res = await u.client.post("/api/user-tokens", { name: "n8n" });
    expect(res.statusCode).toBe(201);
    return { ...u, token: res.json().token as string };
  }

  async function download(): Promise<N8nWorkflow> {
    const res = await fetch(`${origin}/api/n8n/workflow-webhook.json`);
    expect(res.status).toBe(200);
    return (await res.json()) as N8nWorkflow;
  }

  const credentialsFor = (wf: N8nWorkflow, token: string) => {
    const ids = new Set(wf.nodes.flatMap((n) => Object.values(n.credentials ?? {}).map((c) => c.id)));
    return Object.fromEntries([...ids].map((id) => [id, token]));
  };

  const newExecution = (): Execution => {
    executions += 1;
    const id = String(1000 + executions);
    return { id, resumeUrl: receiver.resumeUrl(id) };
  };
  const callsTo = (execution: Execution) => receiver.calls.get(new URL(execution.resumeUrl).pathname) ?? [];

  /** Time passing while n8n waits: the worker checks the provider, the webhook sender delivers. */
  async function passUntilCalled(execution: Execution, maxRounds = 50): Promise<WebhookCall | undefined> {
    for (let round = 0; round < maxRounds && callsTo(execution).length === 0; round++) {
      await t.app.jobs.taskWorker.runOnce();
      await passSimulatorTime(t.sim, 120);
      await t.app.jobs.webhookSender.runOnce();
    }
    return callsTo(execution)[0];
  }

  /** More time passing: nothing else may arrive (one event, delivered once). */
  async function settleDeliveries() {
    for (let round = 0; round < 3; round++) {
      await t.app.jobs.taskWorker.runOnce();
      await t.app.jobs.webhookSender.runOnce(new Date(Date.now() + 60 * 60_000));
    }
  }

  it("is public, a file download, with this server's origin and no token", async () => {
    const res = await new Client(t.app).get("/api/n8n/workflow-webhook.json");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${WEBHOOK_WORKFLOW_FILENAME}"`);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(buildN8nWebhookWorkflow(origin))));
    expect(res.body).not.toMatch(new RegExp(`${TOKEN_PREFIX}[A-Za-z0-9_-]{8,}`));
  });

  it("runs to the video URLs: generate with the resume URL, one signed callback, no polling", async () => {
    const u = await tokenOwner();
    // The callbacks' signing secret, as the /api page shows it.
    const secret = await u.client.post("/api/webhooks/callback-secret");
    expect(secret.statusCode).toBe(200);
    const wf = await download();
    const execution = newExecution();
    const before = await balanceOf(t.database.db, u.id);
    const replay = await runWorkflow(wf, {
      credentials: credentialsFor(wf, u.token),
      execution,
      onWait: () => passUntilCalled(execution),
    });

    expect(replay.error).toBeUndefined();
    expect(replay.finishedAt).toBe("Video URLs");
    expect(replay.waits).toBe(1);
    expect(replay.requests).toEqual([
      {
        node: "Generate video",
        method: "POST",
        url: `${origin}/api/n8n/generate`,
        headers: {
          authorization: `Bearer ${u.token}`,
          "idempotency-key": execution.id,
          "content-type": "application/json",
        },
        body: {
          prompt: "A red fox running through fresh snow at sunrise, cinematic",
          model: "veo3_fast",
          mode: "text",
          aspectRatio: "16:9",
          imageUrls: [],
          upgrade4k: false,
          draft: false,
          callbackUrl: execution.resumeUrl,
        },
      },
    ]);

    // Exactly one POST reached the resume URL, a signed video.completed event for this task.
    await settleDeliveries();
    const calls = callsTo(execution);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.query).toEqual({ signature: `sig-${execution.id}` });
    expect(call!.headers["content-type"]).toMatch(/^application\/json/);
    const event = videoWebhookEventSchema.parse(call!.body);
    expect(event.type).toBe("video.completed");
    expect(call!.headers["webhook-id"]).toBe(event.id);
    expect(() =>
      new Webhook(secret.json().secret as string).verify(call!.rawBody, call!.headers as Record<string, string>),
    ).not.toThrow();

    const taskId = replay.output!.taskId as string;
    expect(event.data).toMatchObject({ taskId, status: "completed", success: true });
    expect(replay.output).toEqual({ taskId, videoUrl: event.data.videoUrl, hdVideoUrl: event.data.hdVideoUrl });
    expect(replay.output!.videoUrl).toMatch(/^https?:\/\//);

    // The task remembers its callback; the owner paid once, the API price of a Fast video.
    const [row] = await t.database.db.select().from(videoTasks).where(eq(videoTasks.taskId, taskId));
    expect(row).toMatchObject({
      userId: u.id,
      status: "completed",
      createdVia: "api",
      callbackUrl: execution.resumeUrl,
    });
    const after = await balanceOf(t.database.db, u.id);
    expect(before.credits - after.credits).toBe(2);
  });

  // Skipped on PGlite until fanOutEvents reads a failed task's refund inside its own transaction:
  // PGlite has one connection, so that query, made on the database while the transaction is open,
  // waits forever (and every query after it). Runs on PostgreSQL (TEST_DATABASE_URL).
  it("ends at Failed with the server's message when the video fails", async () => {
    const u = await tokenOwner();
    const wf = await download();
    (wf.nodes.find((n) => n.name === "Settings")!.parameters as Json).assignments.assignments[0].value =
      "A storm over the sea [sim:fail]";
    const execution = newExecution();
    const replay = await runWorkflow(wf, {
      credentials: credentialsFor(wf, u.token),
      execution,
      onWait: () => passUntilCalled(execution),
    });

    expect(replay.error).toBeUndefined();
    expect(replay.finishedAt).toBe("Failed");
    await settleDeliveries();
    expect(callsTo(execution)).toHaveLength(1);
    const event = videoWebhookEventSchema.parse(callsTo(execution)[0]!.body);
    expect(event.type).toBe("video.failed");
    expect(event.data.status).toBe("failed");
    expect(replay.output).toEqual({ taskId: event.data.taskId, status: "failed", message: event.data.message });
    expect(replay.output!.message).toMatch(/refunded/);
  });

  it("ends at Failed with a message naming the task when no callback comes within the time limit", async () => {
    const u = await tokenOwner();
    const wf = await download();
    const execution = newExecution();
    // n8n resumes the Wait when its limit passes: no call, the generate answer goes on.
    const replay = await runWorkflow(wf, {
      credentials: credentialsFor(wf, u.token),
      execution,
      onWait: async () => undefined,
    });

    expect(replay.error).toBeUndefined();
    expect(replay.finishedAt).toBe("Failed");
    const taskId = (replay.output as Json).taskId as string;
    expect(taskId).toMatch(/\S/);
    expect(replay.output).toEqual({
      taskId,
      status: "no answer",
      message: `No answer from Veo Studio within ${WEBHOOK_WAIT_MINUTES} minutes. Check the video with GET ${origin}/api/n8n/video-status/${taskId}`,
    });
  });

  it("the generate request sent twice in one execution (a retry) makes one task, one charge and one callback", async () => {
    const u = await tokenOwner();
    const wf = await download();
    const execution = newExecution();
    const settings = { prompt: "A lighthouse in the fog, slow pan", model: "veo3_fast", aspectRatio: "16:9" };
    const generate = wf.nodes.find((n) => n.name === "Generate video")!;
    const request = requestOf(generate, { $json: settings, $execution: execution, JSON }, credentialsFor(wf, u.token));
    expect(request.headers["idempotency-key"]).toBe(execution.id);

    const before = await balanceOf(t.database.db, u.id);
    const first = await send(request);
    const second = await send(request);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const [a, b] = [(await first.json()) as Json, (await second.json()) as Json];
    expect(b).toEqual(a);
    const after = await balanceOf(t.database.db, u.id);
    expect(before.credits - after.credits).toBe(2);
    const rows = await t.database.db.select().from(videoTasks).where(eq(videoTasks.userId, u.id));
    expect(rows.map((r) => r.taskId)).toEqual([a.taskId]);

    const call = await passUntilCalled(execution);
    await settleDeliveries();
    expect(call).toBeDefined();
    expect(callsTo(execution)).toHaveLength(1);
    expect(videoWebhookEventSchema.parse(call!.body).data.taskId).toBe(a.taskId);
  });

  it("a new execution is a new key: the same settings start a second video", async () => {
    const u = await tokenOwner();
    const wf = await download();
    const generate = wf.nodes.find((n) => n.name === "Generate video")!;
    const settings = { prompt: "A lighthouse in the fog, slow pan", model: "veo3_fast", aspectRatio: "16:9" };
    const ids = [];
    for (const execution of [newExecution(), newExecution()]) {
      const res = await send(
        requestOf(generate, { $json: settings, $execution: execution, JSON }, credentialsFor(wf, u.token)),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("idempotent-replayed")).toBeNull();
      ids.push(((await res.json()) as Json).taskId as string);
    }
    expect(new Set(ids).size).toBe(2);
  });
});
