/**
 * Vertex AI's Veo adapter (decision 0177) against the simulator's Vertex fake, over real HTTP, on a
 * fake clock: the service account's signed assertion exchanged for a token (the fake verifies the
 * signature with the account's public key), submit, fetchPredictOperation, the video handed over
 * inline, a safety block, errors in the port's terms, and the publisher model lookup.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeJwt, decodeProtectedHeader, exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AccessTokens,
  parseServiceAccountKey,
  signAssertion,
  type ServiceAccountKey,
} from "../../src/server/integrations/google/service-account.js";
import { VertexVeoMaker, type VertexMakerOptions } from "../../src/server/integrations/google/vertex-maker.js";
import { VendorError } from "../../src/server/integrations/video/errors.js";
import type { VideoJob } from "../../src/server/integrations/video/port.js";
import { checkVendorModel } from "../../src/server/features/vendor-models/model-check.js";
import { CLIPS_DIR, clipVariant, servedClip } from "../../src/server/simulator/clips.js";
import { startKieSimulator, type StandaloneKieSimulator } from "../../src/server/simulator/index.js";

const DELAY = 1000;
const EMAIL = "veo-maker@vertex-test-project.iam.gserviceaccount.com";
const PROJECT = "vertex-test-project";

let clock = Date.UTC(2026, 10, 30, 9, 0, 0);
const uploadDir = path.join(os.tmpdir(), `vertex-maker-${crypto.randomBytes(4).toString("hex")}`);
let sim: StandaloneKieSimulator;
let key: ServiceAccountKey;
let keyJson: string;
let strangerKey: ServiceAccountKey;
let png: Buffer;
let tokens: AccessTokens;

async function serviceAccount(email: string) {
  const pair = await generateKeyPair("RS256", { extractable: true });
  const json = JSON.stringify({
    type: "service_account",
    project_id: PROJECT,
    private_key_id: crypto.randomBytes(20).toString("hex"),
    private_key: await exportPKCS8(pair.privateKey),
    client_email: email,
    client_id: "1234567890",
    // Never used: the token URL is ours (an admin's pasted key must not choose where we post).
    token_uri: "http://127.0.0.1:9/not-ours",
  });
  return { json, publicPem: await exportSPKI(pair.publicKey) };
}

const tokenUrl = () => `${sim.baseUrl}/vertex/token`;
const maker = (opts: Partial<VertexMakerOptions> = {}) =>
  new VertexVeoMaker({
    baseUrl: `${sim.baseUrl}/vertex/v1`,
    key,
    project: PROJECT,
    location: "us-central1",
    tokenUrl: tokenUrl(),
    tokens,
    timeoutMs: 5000,
    ...opts,
  });

const job = (over: Partial<VideoJob> = {}): VideoJob => ({
  model: "veo3_fast",
  mode: "text",
  prompt: "A heron at dawn",
  images: [],
  aspectRatio: "16:9",
  durationSeconds: 8,
  resolution: "720p",
  audio: true,
  seed: 12345,
  ...over,
});

async function vendorError(promise: Promise<unknown>): Promise<VendorError> {
  const err: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VendorError);
  return err as VendorError;
}

beforeAll(async () => {
  const own = await serviceAccount(EMAIL);
  // The same account's email with another private key: what a wrong or rotated key file looks like.
  const stranger = await serviceAccount(EMAIL);
  keyJson = own.json;
  key = parseServiceAccountKey(own.json) as ServiceAccountKey;
  strangerKey = parseServiceAccountKey(stranger.json) as ServiceAccountKey;
  sim = await startKieSimulator({
    uploadDir,
    delayMs: DELAY,
    now: () => clock,
    vertex: { serviceAccounts: { [EMAIL]: own.publicPem } },
  });
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#3080c0" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await sim.close();
  fs.rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(() => {
  sim.faults.clear();
  sim.stats.reset();
  sim.vertex.retiredModels = [];
  tokens = new AccessTokens(() => clock);
});

describe("the service account", () => {
  it("reads a key file and refuses what is not one, in words an admin can act on", () => {
    expect(key).toMatchObject({ clientEmail: EMAIL, projectId: PROJECT });
    expect(parseServiceAccountKey("not json")).toEqual({ problem: expect.stringMatching(/JSON key file/) });
    expect(parseServiceAccountKey("[1]")).toEqual({ problem: expect.stringMatching(/JSON object/) });
    const without = (field: string) => {
      const o = JSON.parse(keyJson) as Record<string, unknown>;
      delete o[field];
      return JSON.stringify(o);
    };
    expect(parseServiceAccountKey(without("client_email"))).toEqual({ problem: expect.stringMatching(/client_email/) });
    expect(parseServiceAccountKey(without("private_key"))).toEqual({ problem: expect.stringMatching(/private_key/) });
    const notPem = JSON.stringify({ ...(JSON.parse(keyJson) as object), private_key: "MIIEv…" });
    expect(parseServiceAccountKey(notPem)).toEqual({ problem: expect.stringMatching(/PEM private key/) });
  });

  it("signs an RS256 assertion for our token URL with the cloud-platform scope, for an hour at most", async () => {
    const assertion = await signAssertion(key, "https://oauth2.googleapis.com/token", clock);
    expect(decodeProtectedHeader(assertion)).toMatchObject({ alg: "RS256", kid: key.privateKeyId });
    const claims = decodeJwt(assertion);
    expect(claims).toMatchObject({
      iss: EMAIL,
      sub: EMAIL,
      aud: "https://oauth2.googleapis.com/token",
      scope: "https://www.googleapis.com/auth/cloud-platform",
    });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    expect(claims.iat).toBe(Math.floor(clock / 1000));
  });

  it("exchanges it once, keeps the token until shortly before it expires, then fetches a new one", async () => {
    const first = await tokens.tokenFor(key, tokenUrl(), 5000);
    expect(first).toMatch(/^ya29\./);
    expect(await tokens.tokenFor(key, tokenUrl(), 5000)).toBe(first);
    expect(sim.stats.calls["vertex-token"]).toBe(1);
    clock += 56 * 60_000;
    const second = await tokens.tokenFor(key, tokenUrl(), 5000);
    expect(second).not.toBe(first);
    expect(sim.stats.calls["vertex-token"]).toBe(2);
  });

  it("a key the fake cannot verify is refused: unauthorized, and nothing is submitted", async () => {
    const err = await vendorError(maker({ key: strangerKey }).submit(job()));
    expect(err.kind).toBe("unauthorized");
    expect(err.message).toMatch(/Invalid JWT Signature/);
    expect(err.tryAnotherVendor).toBe(true);
    // No private key in what is said.
    expect(err.message).not.toMatch(/PRIVATE KEY/);
    expect(sim.stats.calls["vertex-submit"]).toBe(0);
  });

  it("a made-up bearer token is refused by Vertex itself (401 UNAUTHENTICATED)", async () => {
    const res = await fetch(
      `${sim.baseUrl}/vertex/v1/projects/${PROJECT}/locations/us-central1/publishers/google/models/veo-3.1-generate-001:predictLongRunning`,
      {
        method: "POST",
        headers: { authorization: "Bearer ya29.made-up", "content-type": "application/json" },
        body: "{}",
      },
    );
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { status: string } }).error.status).toBe("UNAUTHENTICATED");
  });
});

describe("a video", () => {
  it("submits with Vertex's body and hands the finished video over inline", async () => {
    const m = maker();
    const { vendorTaskId } = await m.submit(job());
    expect(vendorTaskId).toMatch(
      /^projects\/vertex-test-project\/locations\/us-central1\/publishers\/google\/models\/veo-3\.1-fast-generate-001\/operations\/[0-9a-f]{24}$/,
    );
    expect(sim.stats.vertexSubmissions.at(-1)).toMatchObject({
      model: "veo-3.1-fast-generate-001",
      mode: "text",
      parameters: {
        aspectRatio: "16:9",
        resolution: "720p",
        durationSeconds: 8,
        generateAudio: true,
        personGeneration: "allow_all",
        sampleCount: 1,
        seed: 12345,
      },
    });
    expect(await m.status(vendorTaskId)).toEqual({ state: "generating" });
    clock += DELAY;
    const done = await m.status(vendorTaskId);
    expect(done.state).toBe("succeeded");
    if (done.state !== "succeeded") return;
    expect(done.resultUrls).toEqual([]);
    expect(done.video?.mime).toBe("video/mp4");
    const clip = fs.readFileSync(path.join(CLIPS_DIR, servedClip(clipVariant("A heron at dawn"), "16:9", "720p")));
    expect(done.video?.data.equals(clip)).toBe(true);
    // One token for the submit and both polls.
    expect(sim.stats.calls).toMatchObject({ "vertex-token": 1, "vertex-submit": 1, "vertex-operation": 2 });
  });

  it("sends a first frame as bytesBase64Encoded with allow_adult", async () => {
    const image = {
      url: "https://uploads.invalid/i",
      read: () => Promise.resolve({ data: png, mime: "image/png", name: "i" }),
    };
    await maker().submit(job({ mode: "image", images: [image], model: "veo3" }));
    expect(sim.stats.vertexSubmissions.at(-1)).toMatchObject({
      model: "veo-3.1-generate-001",
      mode: "image",
      images: [{ field: "instances[0].image", encoding: "bytesBase64Encoded", mimeType: "image/png" }],
      parameters: { personGeneration: "allow_adult" },
    });
  });

  it("a safety block is a refusal; a failed operation is a failure", async () => {
    const m = maker();
    const blocked = await m.submit(job({ prompt: "Something [sim:reject]" }));
    const failed = await m.submit(job({ prompt: "Something [sim:fail]" }));
    clock += DELAY;
    expect(await m.status(blocked.vendorTaskId)).toEqual({
      state: "failed",
      message: "The video was blocked by the vendor's safety filters",
      refused: true,
    });
    expect(await m.status(failed.vendorTaskId)).toMatchObject({ state: "failed", refused: false, code: 13 });
  });

  it("a result in Cloud Storage (no storageUri was sent) is a clear failure", async () => {
    const m = maker();
    const { vendorTaskId } = await m.submit(job());
    sim.faults.inject("vertex-operation", {
      body: {
        name: vendorTaskId,
        done: true,
        response: { videos: [{ gcsUri: "gs://bucket/v.mp4", mimeType: "video/mp4" }] },
      },
    });
    expect(await m.status(vendorTaskId)).toMatchObject({ state: "failed", refused: false, message: /Cloud Storage/ });
  });

  it("maps Vertex's HTTP errors as the Gemini API's, so failover behaves the same", async () => {
    const m = maker();
    for (const [status, kind] of [
      [429, "rate_limited"],
      [503, "unavailable"],
      [500, "unavailable"],
      [403, "unauthorized"],
    ] as const) {
      sim.faults.inject("vertex-submit", { httpStatus: status });
      expect((await vendorError(m.submit(job()))).kind).toBe(kind);
    }
    expect((await vendorError(m.status("not/an/operation"))).kind).toBe("not_found");
    const unknown = `projects/${PROJECT}/locations/us-central1/publishers/google/models/veo-3.1-fast-generate-001/operations/0123456789abcdef01234567`;
    expect((await vendorError(m.status(unknown))).kind).toBe("not_found");
  });
});

describe("a retired id", () => {
  it("is refused on submit as retired, and the publisher model lookup finds it gone", async () => {
    sim.vertex.retiredModels = ["veo-3.1-fast-generate-001"];
    const err = await vendorError(maker().submit(job()));
    expect(err.kind).toBe("model_retired");
    expect(err.message).toMatch(/is no longer available/);
    const lookup = {
      baseUrl: `${sim.baseUrl}/vertex/v1`,
      timeoutMs: 5000,
      token: () => tokens.tokenFor(key, tokenUrl(), 5000),
    };
    expect(await checkVendorModel("vertex", "veo-3.1-fast-generate-001", undefined, lookup)).toEqual({
      status: "gone",
      message: "Vertex AI: veo-3.1-fast-generate-001 is no longer available",
    });
    expect(await checkVendorModel("vertex", "veo-3.1-generate-001", undefined, lookup)).toEqual({
      status: "ok",
      message: null,
    });
    expect(await checkVendorModel("vertex", "veo-3.1-generate-001", undefined, undefined)).toMatchObject({
      status: "unchecked",
    });
  });
});
