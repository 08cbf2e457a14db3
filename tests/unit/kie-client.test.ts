/**
 * The KIE client against a tiny scripted HTTP server: each test says what KIE answers and
 * checks what the client sends and how it reads the quirky shapes of KIE's answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { KieClient } from "../../src/server/integrations/kie/client.js";
import { KieError } from "../../src/server/integrations/kie/errors.js";
import { startScriptedServer, type ScriptedServer } from "../helpers/scripted-server.js";

let kie: ScriptedServer;
let baseUrl: string;

beforeAll(async () => {
  kie = await startScriptedServer();
  baseUrl = kie.baseUrl;
});

afterAll(() => kie.close());

beforeEach(() => {
  kie.seen.length = 0;
  kie.answer = { status: 200, body: "{}" };
});

function client(timeoutMs = 2_000): KieClient {
  return new KieClient({ baseUrl, uploadBaseUrl: `${baseUrl}/upload-host`, apiKey: "key-123", timeoutMs });
}

const replyWith = (status: number, body: unknown) => kie.reply(status, body);

async function errorOf(promise: Promise<unknown>): Promise<KieError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(KieError);
  return err as KieError;
}

describe("KieClient requests", () => {
  it("sends the key, a User-Agent, and JSON as KIE's current docs say: generationType, aspect_ratio, enableTranslation, no enableFallback", async () => {
    replyWith(200, { code: 200, msg: "success", data: { taskId: "veo_task_1" } });
    const { taskId } = await client().generate({
      prompt: "a cat",
      model: "veo3_lite",
      generationType: "REFERENCE_2_VIDEO",
      imageUrls: ["https://img.example/1.png", "https://img.example/2.png", "https://img.example/3.png"],
      aspectRatio: "9:16",
      seeds: 12345,
      callBackUrl: "https://us.example/api/callbacks/kie",
    });
    expect(taskId).toBe("veo_task_1");
    const req = kie.seen[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/api/v1/veo/generate");
    expect(req.headers.authorization).toBe("Bearer key-123");
    expect(req.headers["user-agent"]).toMatch(/^VeoStudio\//);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body)).toEqual({
      prompt: "a cat",
      model: "veo3_lite",
      generationType: "REFERENCE_2_VIDEO",
      imageUrls: ["https://img.example/1.png", "https://img.example/2.png", "https://img.example/3.png"],
      aspect_ratio: "9:16",
      seeds: 12345,
      callBackUrl: "https://us.example/api/callbacks/kie",
      enableTranslation: true,
    });
  });

  it("uploads a file as multipart to the upload host and returns its download URL", async () => {
    replyWith(200, { success: true, code: 200, msg: "ok", data: { downloadUrl: "https://files.example/a.png" } });
    const url = await client().uploadFile(Buffer.from("png-bytes"), "a.png", "image/png");
    expect(url).toBe("https://files.example/a.png");
    expect(kie.seen[0]!.url).toBe("/upload-host/api/file-stream-upload");
    expect(kie.seen[0]!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(kie.seen[0]!.body).toContain('filename="a.png"');
    expect(kie.seen[0]!.body).toContain("png-bytes");
  });
});

describe("KieClient reading answers", () => {
  it.each([
    ["an array under response", { response: { resultUrls: ["http://v/1.mp4"] } }],
    ["a JSON string under response", { response: { resultUrls: '["http://v/1.mp4"]' } }],
    ["a JSON string at the top level", { resultUrls: '["http://v/1.mp4"]' }],
    ["a bracketed list without quotes", { response: { resultUrls: "[http://v/1.mp4]" } }],
  ])("reads resultUrls given as %s", async (_, extra) => {
    replyWith(200, { code: 200, msg: "success", data: { taskId: "t", successFlag: 1, ...extra } });
    expect(await client().recordInfo("t")).toEqual({ state: "succeeded", resultUrls: ["http://v/1.mp4"] });
  });

  it("reads a string successFlag, failures with their message, and unfinished tasks", async () => {
    replyWith(200, { code: 200, msg: "success", data: { successFlag: "0" } });
    expect(await client().recordInfo("t")).toEqual({ state: "generating" });
    replyWith(200, { code: 200, msg: "success", data: { successFlag: 2, errorCode: 400, errorMessage: "Flagged" } });
    expect(await client().recordInfo("t")).toEqual({ state: "failed", errorMessage: "Flagged", errorCode: 400 });
    // 3: created, then failed upstream; any later value is a failure too (only 0 is in progress).
    for (const successFlag of [3, 4, "3"]) {
      replyWith(200, {
        code: 200,
        msg: "success",
        data: { successFlag, errorCode: 501, errorMessage: "Failed - Video generation task failed" },
      });
      expect(await client().recordInfo("t")).toEqual({
        state: "failed",
        errorMessage: "Failed - Video generation task failed",
        errorCode: 501,
      });
    }
  });

  it("reads the bare-number credit balance and the singular 1080p resultUrl", async () => {
    replyWith(200, { code: 200, msg: "success", data: 1234.5 });
    expect(await client().credits()).toBe(1234.5);
    replyWith(200, { code: 200, msg: "success", data: { resultUrl: "http://v/hd.mp4" } });
    expect(await client().get1080p("t")).toEqual({ ready: true, url: "http://v/hd.mp4" });
    expect(kie.seen[1]!.url).toBe("/api/v1/veo/get-1080p-video?taskId=t&index=0");
  });

  it("treats the 'still processing' answer of get-1080p-video as not ready, not as an error", async () => {
    replyWith(200, {
      code: 422,
      msg: "1080P is processing. It should be ready in 1-2 minutes. Please check back shortly.",
      data: null,
    });
    expect(await client().get1080p("t")).toEqual({
      ready: false,
      message: "1080P is processing. It should be ready in 1-2 minutes. Please check back shortly.",
    });
  });
});

describe("KieClient errors", () => {
  it.each([
    ["HTTP 200 with code 401", 200, { code: 401, msg: "You do not have access permissions" }, "unauthorized"],
    [
      "HTTP 200 with code 402",
      200,
      { code: 402, msg: "The current credits are insufficient. Please top up." },
      "insufficient_credits",
    ],
    [
      "code 429 whose message says credits ran out",
      200,
      { code: 429, msg: "The current credits are insufficient. Please top up." },
      "insufficient_credits",
    ],
    [
      "HTTP 429 whose message says credits ran out",
      429,
      { code: 429, msg: "The current credits are insufficient. Please top up." },
      "insufficient_credits",
    ],
    ["HTTP 429", 429, { code: 429, msg: "Too many requests" }, "rate_limited"],
    ["HTTP 429 with no body", 429, "", "rate_limited"],
    ["HTTP 200 with code 429", 200, { code: 429, msg: "Rate limited" }, "rate_limited"],
    ["code 400 (content policy)", 200, { code: 400, msg: "Your prompt was flagged" }, "rejected"],
    ["code 422 (validation)", 200, { code: 422, msg: "Invalid aspect ratio" }, "rejected"],
    ["code 455 (maintenance)", 200, { code: 455, msg: "Service unavailable" }, "unavailable"],
    ["HTTP 500 with an HTML page", 500, "<html>Bad gateway</html>", "unavailable"],
    ["HTTP 200 with a body that is not JSON", 200, "<html>hello</html>", "failed"],
    [
      "code 505 (feature disabled)",
      200,
      { code: 505, msg: "Feature Disabled - The requested feature is currently disabled" },
      "unavailable",
    ],
    [
      "code 408 (no result upstream for 10 minutes)",
      200,
      { code: 408, msg: "Upstream is currently experiencing service issues." },
      "unavailable",
    ],
    [
      "code 433 (the sub-key's cap)",
      200,
      { code: 433, msg: "Request Limit - Sub-key Usage Exceeds Limit" },
      "key_limited",
    ],
    ["code 451 (the image could not be fetched)", 200, { code: 451, msg: "Failed to fetch the image." }, "rejected"],
    ["code 501 (generation failed)", 200, { code: 501, msg: "Generation Failed" }, "failed"],
  ])("maps %s to %s", async (_, status, body, kind) => {
    replyWith(status, body);
    const err = await errorOf(
      client().generate({ prompt: "p", model: "veo3", generationType: "TEXT_2_VIDEO", aspectRatio: "16:9" }),
    );
    expect(err.kind).toBe(kind);
  });

  it("keeps KIE's message for the user to read", async () => {
    replyWith(200, { code: 400, msg: "Your prompt was flagged by Website as violating content policies." });
    const err = await errorOf(
      client().generate({ prompt: "p", model: "veo3", generationType: "TEXT_2_VIDEO", aspectRatio: "16:9" }),
    );
    expect(err.message).toBe("Your prompt was flagged by Website as violating content policies.");
    expect(err.code).toBe(400);
  });

  it("gives up after its timeout with 'unavailable'", async () => {
    kie.answer = "hang";
    const err = await errorOf(client(150).recordInfo("t"));
    expect(err.kind).toBe("unavailable");
    expect(err.message).toBe("KIE did not answer in time");
  });

  it("says 'unavailable' when nothing listens", async () => {
    const gone = new KieClient({
      baseUrl: "http://127.0.0.1:1",
      uploadBaseUrl: "http://127.0.0.1:1",
      apiKey: "k",
      timeoutMs: 1_000,
    });
    expect((await errorOf(gone.credits())).kind).toBe("unavailable");
  });

  it("a successful envelope without a task id is a failure, not a task", async () => {
    replyWith(200, { code: 200, msg: "success", data: {} });
    expect(
      (
        await errorOf(
          client().generate({ prompt: "p", model: "veo3", generationType: "TEXT_2_VIDEO", aspectRatio: "16:9" }),
        )
      ).kind,
    ).toBe("failed");
  });
});
