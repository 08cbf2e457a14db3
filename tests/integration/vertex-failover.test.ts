/**
 * Vertex AI as a vendor of its own (decision 0177): an admin adds a Vertex account with a service
 * account's JSON key (a bad one is refused with a 400 saying why); with KIE and the Gemini API
 * down, a Veo video goes to Vertex, the task naming it; a key Google refuses disables the account
 * like any vendor's; a retired Vertex id is found gone by the mapping check (the admin's save and
 * the hourly job) and skipped by failover. KIE, the Gemini API and Vertex are the simulator's
 * fakes over HTTP, configured as production is; the fake verifies the assertion's signature.
 *
 * The finished video is not followed here: Vertex hands it over inline, which the task worker
 * stores once branch h-omni's inline storage is merged (decision 0176).
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { vendorAccounts, vendorModelChecks, vendorModelMappings, videoFiles } from "../../src/server/db/schema.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import {
  balanceOf,
  createVideoTestApp,
  runWorkerUntil,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "../helpers/video-app.js";
import { signInAdmin } from "../helpers/test-app.js";

const PROJECT = "vertex-failover-test";
const EMAIL = `veo@${PROJECT}.iam.gserviceaccount.com`;

let sim: StartedSimulator;
let t: VideoTestApp;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let keyFile: string;
let strangerKeyFile: string;

async function serviceAccountFile(email: string) {
  const pair = await generateKeyPair("RS256", { extractable: true });
  return {
    json: JSON.stringify({
      type: "service_account",
      project_id: PROJECT,
      private_key_id: crypto.randomBytes(20).toString("hex"),
      private_key: await exportPKCS8(pair.privateKey),
      client_email: email,
      token_uri: "https://oauth2.googleapis.com/token",
    }),
    publicPem: await exportSPKI(pair.publicKey),
  };
}

async function addAccount(name: string, vendor: "kie" | "google" | "vertex", token: string) {
  const [row] = await t.database.db
    .insert(vendorAccounts)
    .values({
      name,
      vendor,
      tokenEncrypted: t.secretBox.encrypt(token),
      tokenHash: sha256Hex(token),
      totalCredits: 100_000,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  sim = await startSimulator();
  const own = await serviceAccountFile(EMAIL);
  keyFile = own.json;
  strangerKeyFile = (await serviceAccountFile(`other@${PROJECT}.iam.gserviceaccount.com`)).json;
  sim.vertex.serviceAccounts = { [EMAIL]: own.publicPem };
  t = await createVideoTestApp({
    sim,
    env: {
      KIE_BASE_URL: sim.baseUrl,
      KIE_UPLOAD_BASE_URL: sim.baseUrl,
      GEMINI_BASE_URL: `${sim.baseUrl}/v1beta`,
      VERTEX_BASE_URL: `${sim.baseUrl}/vertex/v1`,
      VERTEX_TOKEN_URL: `${sim.baseUrl}/vertex/token`,
    },
  });
  await addAccount("kie", "kie", "vx-kie-key");
  await addAccount("google", "google", "vx-gemini-key");
  admin = await signInAdmin(t);
});
afterEach(async () => {
  sim.vertex.retiredModels = [];
  await t.database.db.delete(vendorModelMappings);
  await t.database.db.delete(vendorModelChecks);
  await t.app.liveEvents.settle();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe("an admin adding a Vertex AI account", () => {
  it("refuses a key that is not a service account's JSON key file, saying why", async () => {
    for (const [token, words] of [
      ["AIzaSy-not-a-key-file", "JSON key file"],
      [JSON.stringify({ private_key: "x" }), "client_email"],
      [JSON.stringify({ client_email: EMAIL, private_key: "not a pem" }), "PEM private key"],
    ] as const) {
      const res = await admin.post("/api/admin/kie-apis", { name: "vertex bad", vendor: "vertex", token });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(words);
    }
    const none = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.vendor, "vertex"));
    expect(none).toEqual([]);
  });

  it("saves a good one, never showing its private key", async () => {
    const res = await admin.post("/api/admin/kie-apis", { name: "vertex", vendor: "vertex", token: keyFile });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().kieApi).toMatchObject({ name: "vertex", vendor: "vertex" });
    expect(res.body).not.toContain("PRIVATE KEY");
    const list = await admin.get("/api/admin/kie-apis");
    expect(list.body).not.toContain("PRIVATE KEY");
    expect(list.body).not.toContain(EMAIL);
    // A KIE account turned into a Vertex one must bring a key file.
    const kie = await addAccount("kie to turn", "kie", "vx-kie-to-turn");
    const turned = await admin.put(`/api/admin/kie-apis/${kie.id}`, { vendor: "vertex" });
    expect(turned.statusCode, turned.body).toBe(400);
    await t.database.db.delete(vendorAccounts).where(eq(vendorAccounts.id, kie.id));
  });
});

describe("a KIE and Gemini API outage with Vertex AI configured", () => {
  it("makes the Veo video at Vertex AI, at the same price, the task naming Vertex", async () => {
    const u = await userWithCredits(t.app, t.database.db, 50);
    const before = { gemini: sim.stats.calls["gemini-submit"], vertex: sim.stats.vertexSubmissions.length };
    const res = await u.client.post("/api/generate-video", {
      prompt: "a lighthouse [sim:code-455] [sim:gemini-503]",
      model: "veo3_fast",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId, creditsUsed } = res.json();
    // Gemini was asked once (down), then Vertex made it.
    expect(sim.stats.calls["gemini-submit"] - before.gemini).toBe(1);
    const sent = sim.stats.vertexSubmissions.slice(before.vertex);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      model: "veo-3.1-fast-generate-001",
      parameters: { generateAudio: true, sampleCount: 1 },
    });
    expect(sent[0]!.operation).toMatch(`projects/${PROJECT}/locations/us-central1/`);
    const task = await taskRow(t.database.db, taskId);
    expect(task).toMatchObject({
      vendor: "vertex",
      vendorModel: "veo-3.1-fast-generate-001",
      providerSurface: "vertex",
      providerSource: "account",
      taskId: sent[0]!.operation,
    });
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50 - creditsUsed, ledger: 50 - creditsUsed });

    // Vertex hands the video over inline: it is kept in our store before the task completes (decision 0176).
    await runWorkerUntil(t, async () => (await taskRow(t.database.db, taskId)).status === "completed");
    const done = await taskRow(t.database.db, taskId);
    const [file] = await t.database.db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, done.id));
    expect(file).toMatchObject({ quality: "720p", status: "archived" });
    expect(done.resultUrls).toEqual([`/media/videos/${file!.id}.mp4`]);
    const played = await u.client.get(`/media/videos/${file!.id}.mp4`);
    expect(played.statusCode).toBe(200);
    expect(played.headers["content-type"]).toBe("video/mp4");
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50 - creditsUsed, ledger: 50 - creditsUsed });
  });

  it("goes to Vertex AI directly when KIE's and Google's mappings are deactivated", async () => {
    for (const vendor of ["kie", "google"])
      expect(
        (
          await admin.put(`/api/admin/vendor-models/veo3/${vendor}`, {
            vendorModelId: null,
            state: "deactivated",
            reason: "Vertex only for this test",
          })
        ).statusCode,
      ).toBe(200);
    await t.app.liveEvents.settle();
    const u = await userWithCredits(t.app, t.database.db, 50);
    const before = { kie: sim.stats.calls.generate, gemini: sim.stats.calls["gemini-submit"] };
    const res = await u.client.post("/api/generate-video", { prompt: "a quiet harbour", model: "veo3" });
    expect(res.statusCode, res.body).toBe(200);
    expect(sim.stats.calls.generate).toBe(before.kie);
    expect(sim.stats.calls["gemini-submit"]).toBe(before.gemini);
    expect(await taskRow(t.database.db, res.json().taskId)).toMatchObject({
      vendor: "vertex",
      vendorModel: "veo-3.1-generate-001",
    });
  });

  it("a retired Vertex id is found gone by the check and skipped by failover", async () => {
    sim.vertex.retiredModels = ["veo-3.1-lite-generate-001"];
    // The admin's save checks the id in force with Vertex's publisher model lookup.
    const saved = await admin.put("/api/admin/vendor-models/veo3_lite/vertex", {
      vendorModelId: null,
      state: "active",
      reason: "check it",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      vendorModelId: "veo-3.1-lite-generate-001",
      check: { status: "gone", message: "Vertex AI: veo-3.1-lite-generate-001 is no longer available" },
      usable: false,
    });
    // The hourly job checks Vertex's mappings too.
    await t.database.db.delete(vendorModelChecks);
    const gone = await t.app.jobs.vendorModelCheck.runOnce();
    expect(gone).toContain("vertex:veo-3.1-lite-generate-001");
    expect(gone).not.toContain("vertex:veo-3.1-generate-001");
    await t.app.liveEvents.settle();

    const u = await userWithCredits(t.app, t.database.db, 50);
    const before = sim.stats.vertexSubmissions.length;
    const res = await u.client.post("/api/generate-video", {
      prompt: "a cliff [sim:code-455] [sim:gemini-503]",
      model: "veo3_lite",
    });
    expect(res.statusCode).toBe(503);
    expect(sim.stats.vertexSubmissions.length).toBe(before);
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50, ledger: 50 });
  });

  it("a key Google refuses disables the account, as for any vendor, and the video is refunded", async () => {
    await t.database.db.delete(vendorAccounts).where(eq(vendorAccounts.vendor, "vertex"));
    const stranger = await addAccount("vertex stranger", "vertex", strangerKeyFile);
    await t.app.liveEvents.settle();
    const u = await userWithCredits(t.app, t.database.db, 50);
    const tokenCalls = sim.stats.calls["vertex-token"];
    const res = await u.client.post("/api/generate-video", {
      prompt: "a storm [sim:code-455] [sim:gemini-503]",
      model: "veo3_fast",
    });
    expect(res.statusCode).toBe(503);
    expect(sim.stats.calls["vertex-token"] - tokenCalls).toBe(1);
    const [row] = await t.database.db.select().from(vendorAccounts).where(eq(vendorAccounts.id, stranger.id));
    expect(row!.isEnabled).toBe(false);
    expect(await balanceOf(t.database.db, u.id)).toEqual({ credits: 50, ledger: 50 });
  });
});

describe("offline, on the built-in simulator", () => {
  it("a Vertex AI account reaches the simulator's Vertex fake when KIE's fake is down", async () => {
    const offline = await createVideoTestApp({ sim });
    try {
      await offline.database.db.insert(vendorAccounts).values({
        name: "vertex offline",
        vendor: "vertex",
        tokenEncrypted: offline.secretBox.encrypt(keyFile),
        tokenHash: sha256Hex(keyFile),
      });
      const u = await userWithCredits(offline.app, offline.database.db, 50);
      const tokenCalls = sim.stats.calls["vertex-token"];
      const res = await u.client.post("/api/generate-video", { prompt: "a heron [sim:code-455]", model: "veo3_lite" });
      expect(res.statusCode, res.body).toBe(200);
      expect(await taskRow(offline.database.db, res.json().taskId)).toMatchObject({
        vendor: "vertex",
        providerSource: "account",
        vendorModel: "veo-3.1-lite-generate-001",
      });
      // The fake's token endpoint verified the account's signature (its public key is known).
      expect(sim.stats.calls["vertex-token"]).toBeGreaterThan(tokenCalls);
    } finally {
      await offline.close();
    }
  });
});
