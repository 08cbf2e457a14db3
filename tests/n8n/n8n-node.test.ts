/**
 * The n8n community node in real n8n (issue 73, decision 0171). The package is built, linted with
 * n8n's community rules, packed and scanned (scripts/n8n-harness.mjs); n8n (the pinned version, in
 * its own process on PostgreSQL) loads the packed files; the product listens with the simulator.
 * Through n8n's own REST API: the credential's test passes with a good token and fails with a bad
 * one; a workflow (Webhook → Veo Studio: Generate and Wait → Get Status → Upgrade to 4K → List →
 * Get Balance) makes a video in one HTTP call; the trigger's workflow registers its URL once on
 * activation, fires on the product's signed delivery, answers 401 to a forged or replayed one
 * without running, and removes its endpoint on deactivation.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepare } from "../../scripts/n8n-harness.mjs";
import {
  embeddedPostgresAvailability,
  startEmbeddedPostgres,
  type EmbeddedCluster,
} from "../../src/server/db/embedded-postgres.js";
import { videoTasks, webhookEndpoints } from "../../src/server/db/schema.js";
import { issueToken } from "../helpers/route-cases.js";
import { freePort } from "../helpers/test-app.js";
import {
  balanceOf,
  createVideoTestApp,
  passSimulatorTime,
  userWithCredits,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { startN8n, type RunningN8n } from "./n8n-process.js";

/** Custom extensions are loaded under this package name (a community install would use n8n-nodes-veo-studio). */
const NODE = "CUSTOM.veoStudio";
const TRIGGER = "CUSTOM.veoStudioTrigger";
const CREDENTIAL_TYPE = "veoStudioApi";

let t: VideoTestApp;
let n8n: RunningN8n;
let origin: string;
let owner: { id: string; token: string };
let credential: { id: string; name: string };
let sink: { server: http.Server; url: string; calls: unknown[] };
/** Time passing for the product while n8n waits: the worker checks the simulator, the sender delivers. */
let pumping = true;
let pump: Promise<void>;
/** The packed tarball's folder (the harness's temporary one). */
let packedDir: string | undefined;

async function runPump() {
  while (pumping) {
    await t.app.jobs.taskWorker.runOnce();
    await passSimulatorTime(t.sim, 200);
    await t.app.jobs.videoArchiver.runOnce();
    await t.app.jobs.webhookSender.runOnce();
    await new Promise((r) => setTimeout(r, 150));
  }
}

let ownPostgres: EmbeddedCluster | undefined;
let ownPostgresDir: string | undefined;

async function startOwnPostgres(): Promise<string> {
  ownPostgresDir = fs.mkdtempSync(path.join(os.tmpdir(), "n8n-postgres-"));
  const available = embeddedPostgresAvailability(ownPostgresDir);
  if (!available.ok)
    throw new Error(`n8n needs PostgreSQL: set TEST_DATABASE_URL, or let the embedded one run (${available.why})`);
  ownPostgres = await startEmbeddedPostgres(ownPostgresDir, available);
  return ownPostgres.url;
}

beforeAll(async () => {
  // n8n keeps its data in PostgreSQL: the suite's server when there is one, else the embedded
  // PostgreSQL the product itself starts by default (decision 0105), in a folder of its own.
  const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? (await startOwnPostgres());
  const built = prepare();
  packedDir = path.dirname(built.unpacked);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await createVideoTestApp({
    env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, WEBHOOKS_ALLOW_LOCAL: "true" },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  const person = await userWithCredits(t.app, t.database.db, 500);
  owner = { id: person.id, token: (await issueToken(t.database.db, person.id)).token };

  const calls: unknown[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      calls.push(JSON.parse(body || "null"));
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  sink = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sink`, calls };

  n8n = await startN8n({
    n8nBin: built.n8nBin,
    cacheDir: built.cacheDir,
    extensionDir: built.unpacked,
    adminDatabaseUrl,
    startTimeoutMs: 180_000,
  });
  await n8n.rest.setUpOwner();
  credential = await n8n.rest.data<{ id: string; name: string }>("POST", "/rest/credentials", {
    name: "Veo Studio",
    type: CREDENTIAL_TYPE,
    data: { baseUrl: `${origin}/`, apiToken: owner.token },
  });
  pump = runPump();
}, 900_000);

afterAll(async () => {
  pumping = false;
  await pump;
  await n8n?.stop();
  await ownPostgres?.stop();
  if (ownPostgresDir) fs.rmSync(ownPostgresDir, { recursive: true, force: true });
  await t?.close();
  sink?.server.close();
  if (packedDir) fs.rmSync(packedDir, { recursive: true, force: true });
}, 120_000);

/** n8n (re)registers a workflow's webhooks after answering the activation: wait for what it leads to. */
async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value).slice(0, 500)}\n${n8n.logs().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const credentials = () => ({ [CREDENTIAL_TYPE]: { id: credential.id, name: credential.name } });

function veoNode(name: string, position: number, parameters: Record<string, unknown>) {
  return {
    id: crypto.randomUUID(),
    name,
    type: NODE,
    typeVersion: 1,
    position: [position * 220, 0],
    parameters,
    credentials: credentials(),
  };
}

/** A Webhook trigger at /webhook/<path> answering with the last node's first item. */
function webhookNode(path: string) {
  return {
    id: crypto.randomUUID(),
    name: "Start",
    type: "n8n-nodes-base.webhook",
    typeVersion: 2,
    position: [0, 0],
    webhookId: crypto.randomUUID(),
    parameters: { httpMethod: "POST", path, responseMode: "lastNode", options: {} },
  };
}

/** Runs an active workflow through its Webhook trigger, once n8n has registered it. */
function call(path: string, body: unknown) {
  return waitFor(
    `the webhook ${path}`,
    () =>
      fetch(`${n8n.origin}/webhook/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    (r) => r.status !== 404,
  );
}

/** A chain of nodes, each feeding the next. */
function chain(nodes: { name: string }[]) {
  const connections: Record<string, unknown> = {};
  for (let i = 0; i < nodes.length - 1; i++)
    connections[nodes[i]!.name] = { main: [[{ node: nodes[i + 1]!.name, type: "main", index: 0 }]] };
  return connections;
}

async function createWorkflow(name: string, nodes: { name: string }[]) {
  return n8n.rest.data<{ id: string; versionId: string }>("POST", "/rest/workflows", {
    name,
    nodes,
    connections: chain(nodes),
    settings: { executionOrder: "v1" },
    active: false,
  });
}

async function activate(workflow: { id: string; versionId: string }) {
  await n8n.rest.data("POST", `/rest/workflows/${workflow.id}/activate`, { versionId: workflow.versionId });
}

async function deactivate(workflow: { id: string }) {
  await n8n.rest.data("POST", `/rest/workflows/${workflow.id}/deactivate`, {});
}

const endpointsOfOwner = () =>
  t.database.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, owner.id), eq(webhookEndpoints.kind, "endpoint")));

/** The latest execution of a workflow: each node's output items by node name, and its error. */
async function lastExecution(workflowId: string) {
  const list = await n8n.rest.data<{ results: { id: string }[] }>(
    "GET",
    `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`,
  );
  const latest = list.results[0];
  if (!latest) throw new Error("no execution");
  const execution = await n8n.rest.data<{ data: string }>("GET", `/rest/executions/${latest.id}`);
  const data = n8n.parseFlatted(execution.data) as {
    resultData: {
      error?: { message: string; description?: string };
      runData: Record<string, { data?: { main: { json: Record<string, unknown> }[][] } }[]>;
    };
  };
  const nodes = Object.fromEntries(
    Object.entries(data.resultData.runData).map(([node, runs]) => [
      node,
      (runs[0]?.data?.main?.[0] ?? []).map((item) => item.json),
    ]),
  );
  return { nodes, error: data.resultData.error };
}

describe("the package in n8n", () => {
  it("loads both nodes and the credential, and offers the node to the AI Agent as a tool", async () => {
    const nodes = await n8n.rest.request<{ name: string; usableAsTool?: unknown }[]>("GET", "/types/nodes.json");
    expect(nodes.status).toBe(200);
    const names = nodes.body.map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining([NODE, TRIGGER, `${NODE}Tool`]));
    const credentialTypes = await n8n.rest.request<{ name: string }[]>("GET", "/types/credentials.json");
    expect(credentialTypes.body.map((c) => c.name)).toContain(CREDENTIAL_TYPE);
  });
});

describe("the Veo Studio credential in n8n", () => {
  it("passes its test with the token and fails it with a wrong one", async () => {
    const test = async (apiToken: string) => {
      const data = { baseUrl: origin, apiToken };
      const saved = await n8n.rest.data<{ id: string; name: string }>("POST", "/rest/credentials", {
        name: `Veo Studio ${apiToken.slice(-6)}`,
        type: CREDENTIAL_TYPE,
        data,
      });
      return n8n.rest.data<{ status: string; message: string }>("POST", "/rest/credentials/test", {
        credentials: { id: saved.id, name: saved.name, type: CREDENTIAL_TYPE, data },
      });
    };
    expect(await test(owner.token)).toMatchObject({ status: "OK" });
    const wrong = await test(`veo_${"A".repeat(43)}`);
    expect(wrong.status).toBe("Error");
  });
});

describe("the Veo Studio node in a workflow", () => {
  it("lists the catalogue's models as options", async () => {
    const res = await n8n.rest.request<{ data: { name: string; value: string }[] }>(
      "POST",
      "/rest/dynamic-node-parameters/options",
      {
        nodeTypeAndVersion: { name: NODE, version: 1 },
        methodName: "getModels",
        path: "model",
        currentNodeParameters: { resource: "video", operation: "generate", model: "veo3" },
        credentials: credentials(),
      },
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const ids = res.body.data.map((o) => o.value);
    expect(ids).toEqual(expect.arrayContaining(["veo3", "veo3_fast"]));
  });

  it("makes a video in one call: generate and wait, status, 4K, my videos, balance, extend, generate", async () => {
    const webhook = webhookNode("veo-make");
    const firstVideo = "={{ $('Generate and Wait').first().json.taskId }}";
    const nodes = [
      webhook,
      veoNode("Generate and Wait", 1, {
        resource: "video",
        operation: "generateAndWait",
        prompt: "={{ $json.body.prompt }}",
        model: "veo3_fast",
        timeoutMinutes: 5,
        options: {},
      }),
      veoNode("Get Status", 2, { resource: "video", operation: "getStatus", videoId: "={{ $json.taskId }}" }),
      veoNode("Upgrade to 4K", 3, { resource: "video", operation: "upgrade4k", videoId: "={{ $json.taskId }}" }),
      veoNode("My Videos", 4, { resource: "video", operation: "list", limit: 5, filters: { model: "veo3_fast" } }),
      // One item on from here: the list has one item per video.
      { ...veoNode("My Balance", 5, { resource: "account", operation: "getBalance" }), executeOnce: true },
      {
        ...veoNode("Extend", 6, {
          resource: "video",
          operation: "extend",
          videoId: firstVideo,
          prompt: "The fox leaps over a fallen log",
          extendOptions: {},
        }),
        executeOnce: true,
      },
      veoNode("Generate", 7, {
        resource: "video",
        operation: "generate",
        prompt: "A quiet harbour at dawn",
        model: "veo3_fast",
        options: { aspectRatio: "9:16" },
      }),
    ];
    const workflow = await createWorkflow("Make a video", nodes);
    await activate(workflow);
    const before = await balanceOf(t.database.db, owner.id);

    const res = await call("veo-make", { prompt: "A red fox running through fresh snow at sunrise, cinematic" });
    const text = await res.text();
    expect(res.status, `${text}\n${n8n.logs().slice(-3000)}`).toBe(200);
    const started = JSON.parse(text) as { success: boolean; taskId: string; creditsUsed: number };
    expect(started).toMatchObject({ success: true, taskId: expect.any(String) });

    const { nodes: out } = await lastExecution(workflow.id);
    const made = out["Generate and Wait"]![0]!;
    expect(made).toMatchObject({ status: "completed", success: true });
    expect(String(made.videoUrl)).toMatch(/^http/);
    expect(out["Get Status"]![0]).toMatchObject({ taskId: made.taskId, status: "completed" });
    expect(out["Upgrade to 4K"]![0]).toMatchObject({ taskId: made.taskId, uhdStatus: "pending" });
    expect(out["My Videos"]!.map((v) => v.taskId)).toContain(made.taskId);
    expect(out["My Balance"]).toEqual([expect.objectContaining({ success: true, credits: expect.any(Number) })]);
    const extended = out["Extend"]![0]!;
    expect(extended).toMatchObject({ success: true, taskId: expect.any(String) });
    expect(extended.taskId).not.toBe(made.taskId);
    // Each start charged once, whatever n8n retried: the balance moved by what the answers say.
    const after = await balanceOf(t.database.db, owner.id);
    const charged = [made, out["Upgrade to 4K"]![0]!, extended, started].map((x) => Number(x.creditsUsed));
    expect(before.credits - after.credits).toBe(charged.reduce((a, b) => a + b, 0));
    await deactivate(workflow);
  });

  it("makes a draft, waits for it and makes it final, each charged once", async () => {
    const webhook = webhookNode("veo-draft");
    const nodes = [
      webhook,
      veoNode("Draft", 1, {
        resource: "video",
        operation: "generateAndWait",
        prompt: "={{ $json.body.prompt }}",
        model: "veo3_fast",
        timeoutMinutes: 5,
        options: { draft: true },
      }),
      veoNode("Make It Final", 2, { resource: "video", operation: "makeFinal", videoId: "={{ $json.taskId }}" }),
    ];
    const workflow = await createWorkflow("Draft, then final", nodes);
    await activate(workflow);
    const before = await balanceOf(t.database.db, owner.id);

    const res = await call("veo-draft", { prompt: "A lighthouse in a storm, waves breaking" });
    const text = await res.text();
    expect(res.status, `${text}\n${n8n.logs().slice(-3000)}`).toBe(200);
    const { nodes: out } = await lastExecution(workflow.id);
    // Veo3 Fast's draft is made by Veo3 Lite; its final by Veo3 Fast, as asked.
    const draft = out["Draft"]![0]!;
    expect(draft).toMatchObject({ status: "completed", draftOf: { model: "veo3_fast" } });
    const final = out["Make It Final"]![0]!;
    expect(final).toMatchObject({ success: true, taskId: expect.any(String) });
    expect(final.taskId).not.toBe(draft.taskId);
    expect(Number(final.creditsUsed)).toBeGreaterThan(Number(draft.creditsUsed));
    const rows = await t.database.db
      .select({ taskId: videoTasks.taskId, model: videoTasks.model, prompt: videoTasks.prompt })
      .from(videoTasks)
      .where(inArray(videoTasks.taskId, [String(draft.taskId), String(final.taskId)]));
    const prompt = "A lighthouse in a storm, waves breaking";
    expect(rows).toEqual(
      expect.arrayContaining([
        { taskId: draft.taskId, model: "veo3_lite", prompt },
        { taskId: final.taskId, model: "veo3_fast", prompt },
      ]),
    );
    const after = await balanceOf(t.database.db, owner.id);
    expect(before.credits - after.credits).toBe(Number(draft.creditsUsed) + Number(final.creditsUsed));
    await deactivate(workflow);
  });

  it("starts one video per request when the node runs again in one execution, as in a loop or an agent", async () => {
    const prompts = ["A paper boat on a rainy street", "A paper plane over a wheat field"];
    const split = {
      id: crypto.randomUUID(),
      name: "One Prompt Each",
      type: "n8n-nodes-base.code",
      typeVersion: 2,
      position: [220, 0],
      parameters: { jsCode: "return $input.first().json.body.prompts.map((prompt) => ({ json: { prompt } }));" },
    };
    const loop = {
      id: crypto.randomUUID(),
      name: "Loop",
      type: "n8n-nodes-base.splitInBatches",
      typeVersion: 3,
      position: [440, 0],
      parameters: { batchSize: 1, options: {} },
    };
    const generate = veoNode("Generate", 3, {
      resource: "video",
      operation: "generate",
      prompt: "={{ $json.prompt }}",
      model: "veo3_fast",
      options: {},
    });
    const workflow = await n8n.rest.data<{ id: string; versionId: string }>("POST", "/rest/workflows", {
      name: "A video per prompt",
      nodes: [webhookNode("veo-loop"), split, loop, generate],
      connections: {
        Start: { main: [[{ node: split.name, type: "main", index: 0 }]] },
        [split.name]: { main: [[{ node: loop.name, type: "main", index: 0 }]] },
        // Output 0 is "done", output 1 "loop": each prompt goes through Generate as item 0.
        [loop.name]: { main: [[], [{ node: generate.name, type: "main", index: 0 }]] },
        [generate.name]: { main: [[{ node: loop.name, type: "main", index: 0 }]] },
      },
      settings: { executionOrder: "v1" },
      active: false,
    });
    await activate(workflow);
    const res = await call("veo-loop", { prompts });
    expect(res.status, await res.text()).toBe(200);
    const made = await t.database.db
      .select({ prompt: videoTasks.prompt })
      .from(videoTasks)
      .where(and(eq(videoTasks.userId, owner.id), inArray(videoTasks.prompt, prompts)));
    expect(made.map((v) => v.prompt).sort()).toEqual([...prompts].sort());
    await deactivate(workflow);
  });

  it("fails an item with Veo Studio's own words, or outputs them with Continue On Fail", async () => {
    const status = (onError?: string) => ({
      ...veoNode("Get Status", 1, { resource: "video", operation: "getStatus", videoId: "={{ $json.body.id }}" }),
      ...(onError ? { onError } : {}),
    });
    const lenient = await createWorkflow("Status, lenient", [
      webhookNode("veo-lenient"),
      status("continueRegularOutput"),
    ]);
    const strict = await createWorkflow("Status, strict", [webhookNode("veo-strict"), status()]);
    await activate(lenient);
    await activate(strict);
    const res = await call("veo-lenient", { id: "no-such-video" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { error: string }).error).toContain("Video task not found");
    const failed = await call("veo-strict", { id: "no-such-video" });
    expect(failed.status).toBe(500);
    const { error } = await lastExecution(strict.id);
    expect(error?.message).toContain("Video task not found");
    expect(error?.description).toBe("Code: not_found");
    await deactivate(lenient);
    await deactivate(strict);
  });
});

describe("the Veo Studio Trigger (On video finished)", () => {
  let workflow: { id: string; versionId: string };
  let hookUrl: string;

  beforeAll(async () => {
    const webhookId = crypto.randomUUID();
    hookUrl = `${n8n.origin}/webhook/${webhookId}/webhook`;
    const trigger = {
      id: crypto.randomUUID(),
      name: "On Video Finished",
      type: TRIGGER,
      typeVersion: 1,
      position: [0, 0],
      webhookId,
      parameters: { events: ["video.completed", "video.failed"] },
      credentials: credentials(),
    };
    const post = {
      id: crypto.randomUUID(),
      name: "Tell the Sink",
      type: "n8n-nodes-base.httpRequest",
      typeVersion: 4.2,
      position: [220, 0],
      parameters: {
        method: "POST",
        url: sink.url,
        sendBody: true,
        specifyBody: "json",
        jsonBody: "={{ JSON.stringify($json) }}",
        options: {},
      },
    };
    workflow = await createWorkflow("When a video is finished", [trigger, post]);
  }, 60_000);

  it("registers its URL once on activation, again after a deactivation, and removes it on deactivation", async () => {
    const registered = (endpoints: { url: string | null }[]) => endpoints.length > 0;
    await activate(workflow);
    let endpoints = await waitFor("the registration", endpointsOfOwner, registered);
    expect(endpoints.map((e) => e.url)).toEqual([hookUrl]);
    expect(endpoints[0]!.eventTypes).toEqual(["video.completed", "video.failed"]);
    const first = endpoints[0]!.id;
    await deactivate(workflow);
    await waitFor("the removal", endpointsOfOwner, (e) => e.length === 0);
    await activate(workflow);
    endpoints = await waitFor("the second registration", endpointsOfOwner, registered);
    expect(endpoints.map((e) => e.url)).toEqual([hookUrl]);
    expect(endpoints[0]!.id).not.toBe(first);
    // Live: a delivery reaches the trigger (answered, though not signed) rather than a 404.
    await waitFor(
      "the trigger's webhook",
      () => fetch(hookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      (r) => r.status === 401,
    );
    // Settled: nothing registers the URL a second time.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await endpointsOfOwner()).map((e) => e.id)).toEqual([endpoints[0]!.id]);
  });

  it("registers n8n's test URL beside the production one, once, fires there, and removes it when listening stops", async () => {
    const testUrl = hookUrl.replace("/webhook/", "/webhook-test/");
    const listen = () =>
      n8n.rest.data<{ waitingForWebhook?: boolean }>("POST", `/rest/workflows/${workflow.id}/run`, {
        triggerToStartFrom: { name: "On Video Finished" },
      });
    expect(await listen()).toMatchObject({ waitingForWebhook: true });
    const both = await waitFor("the test URL's registration", endpointsOfOwner, (e) => e.length === 2);
    expect(both.map((e) => e.url).sort()).toEqual([hookUrl, testUrl].sort());
    // Listening again registers nothing new.
    await listen();
    await new Promise((r) => setTimeout(r, 2000));
    const again = await endpointsOfOwner();
    expect(again.map((e) => e.id).sort()).toEqual(both.map((e) => e.id).sort());

    // A delivery signed for the test URL runs the listening workflow once.
    const test = again.find((e) => e.url === testUrl)!;
    const key = Buffer.from(t.secretBox.decrypt(test.secretEncrypted).replace(/^whsec_/, ""), "base64");
    const body = JSON.stringify({ id: "msg_test", type: "video.failed", data: { taskId: "test-url-task" } });
    const now = Math.floor(Date.now() / 1000);
    const signature = crypto.createHmac("sha256", key).update(`msg_test.${now}.${body}`).digest("base64");
    const res = await fetch(testUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": "msg_test",
        "webhook-timestamp": String(now),
        "webhook-signature": `v1,${signature}`,
      },
      body,
    });
    expect(res.status, await res.text()).toBe(200);
    await waitFor(
      "the test run",
      async () => sink.calls,
      (calls) => calls.some((c) => (c as { data?: { taskId?: string } }).data?.taskId === "test-url-task"),
    );

    // Listening is over after one run; a listener stopped by hand is removed too.
    await listen();
    await waitFor("the test URL's registration", endpointsOfOwner, (e) => e.length === 2);
    await n8n.rest.request("DELETE", `/rest/test-webhook/${workflow.id}`);
    const left = await waitFor("the test URL's removal", endpointsOfOwner, (e) => e.length === 1);
    expect(left.map((e) => e.url)).toEqual([hookUrl]);
  });

  it("fires on the product's signed delivery of a finished video", async () => {
    const started = await fetch(`${origin}/api/n8n/generate`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
      body: JSON.stringify({ prompt: "A lighthouse in a storm, waves crashing", model: "veo3_fast" }),
    });
    expect(started.status).toBe(200);
    const { taskId } = (await started.json()) as { taskId: string };
    const deadline = Date.now() + 60_000;
    while (!sink.calls.some((c) => (c as { data?: { taskId?: string } }).data?.taskId === taskId)) {
      if (Date.now() > deadline) throw new Error(`the trigger did not fire:\n${n8n.logs().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const event = sink.calls.find((c) => (c as { data?: { taskId?: string } }).data?.taskId === taskId);
    expect(event).toMatchObject({ type: "video.completed", data: { taskId, status: "completed" } });
  });

  it("answers 401 to a forged or replayed delivery and runs nothing; a correctly signed one runs", async () => {
    const [endpoint] = await endpointsOfOwner();
    const secret = t.secretBox.decrypt(endpoint!.secretEncrypted);
    const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
    const body = JSON.stringify({
      id: "msg_forged",
      type: "video.completed",
      timestamp: new Date().toISOString(),
      data: { taskId: "forged-task", status: "completed" },
    });
    const deliver = (id: string, at: number, signWith: Buffer, payload = body) => {
      const signature = crypto.createHmac("sha256", signWith).update(`${id}.${at}.${payload}`).digest("base64");
      return fetch(hookUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(at),
          "webhook-signature": `v1,${signature}`,
        },
        body: payload,
      });
    };
    const now = Math.floor(Date.now() / 1000);
    const before = sink.calls.length;
    expect((await deliver("msg_a", now, crypto.randomBytes(32))).status).toBe(401);
    expect((await deliver("msg_b", now - 600, key)).status).toBe(401);
    expect((await deliver("msg_c", now, key, body.replace("forged-task", "other-task"))).status).toBe(200);
    const tampered = await fetch(hookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "webhook-id": "msg_d", "webhook-timestamp": String(now) },
      body,
    });
    expect(tampered.status).toBe(401);
    // The one correctly signed delivery ran the workflow; the others never did.
    const deadline = Date.now() + 20_000;
    while (sink.calls.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 1000));
    expect(sink.calls.slice(before)).toEqual([
      expect.objectContaining({ data: { taskId: "other-task", status: "completed" } }),
    ]);
  });

  it("removes its endpoint on deactivation", async () => {
    await deactivate(workflow);
    await waitFor("the removal", endpointsOfOwner, (e) => e.length === 0);
    await waitFor(
      "the trigger's webhook to go",
      () => fetch(hookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }),
      (r) => r.status === 404,
    );
  });
});
