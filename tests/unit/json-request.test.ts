/**
 * requestJson, the one HTTP helper of the outside-service clients (decision 0038), against a real
 * local HTTP server: what it sends, and which HttpError each way of failing becomes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError, requestJson } from "../../src/server/integrations/http/json-request.js";
import { serializeError } from "../../src/server/logger.js";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

const SECRET = "sk_live_do_not_log_me";
const routes: Record<string, (res: ServerResponse, req: IncomingMessage) => void> = {
  "/ok": (res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ hello: "world", n: 1 })),
  "/empty": (res) => res.writeHead(204).end(),
  "/hang": () => undefined,
  "/slow-body": (res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"partial":');
  },
  "/cut-body": (res, req) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
    res.write('{"partial":');
    setTimeout(() => req.socket.destroy(), 20);
  },
  "/cut-error": (res, req) => {
    res.writeHead(503, { "content-type": "application/json", "content-length": "100" });
    res.write('{"message":');
    setTimeout(() => req.socket.destroy(), 20);
  },
  "/drop": (_res, req) => req.socket.destroy(),
  "/error-json": (res) =>
    res
      .writeHead(422, { "content-type": "application/json" })
      .end(JSON.stringify({ message: "bad product", code: 42 })),
  "/error-secret": (res) =>
    res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: SECRET })),
  "/error-html": (res) =>
    res.writeHead(502, { "content-type": "text/html" }).end("<html><body>Bad gateway</body></html>"),
  "/not-json": (res) => res.writeHead(200, { "content-type": "application/json" }).end(`{"token": "${SECRET}", oops`),
};

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const route = routes[new URL(req.url ?? "/", "http://x").pathname];
      if (route) route(res, req);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

/** A port nothing listens on: one a server has just given back. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe("requestJson: answers", () => {
  it("sends JSON with its content type and the caller's headers, and parses a 2xx answer", async () => {
    seen = [];
    const res = await requestJson(`${baseUrl}/ok?x=1`, {
      method: "POST",
      headers: { "x-api-key": "k1" },
      json: { a: [1, "é"] },
      timeoutMs: 2_000,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ hello: "world", n: 1 });
    expect(res.headers.get("content-type")).toBe("application/json");
    const req = seen[0]!;
    expect(req).toMatchObject({ method: "POST", url: "/ok?x=1", body: '{"a":[1,"é"]}' });
    expect(req.headers).toMatchObject({
      "content-type": "application/json",
      accept: "application/json",
      "x-api-key": "k1",
    });
  });

  it("sends a form as it is, with no JSON content type, and lets the caller's accept header win", async () => {
    seen = [];
    await requestJson(`${baseUrl}/ok`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "client_credentials" }),
      headers: { accept: "text/plain" },
      timeoutMs: 2_000,
    });
    expect(seen[0]!.body).toBe("grant_type=client_credentials");
    expect(seen[0]!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(seen[0]!.headers.accept).toBe("text/plain");
  });

  it("is a GET without a body by default, and an empty answer has an undefined body", async () => {
    seen = [];
    const res = await requestJson(`${baseUrl}/empty`, { timeoutMs: 2_000 });
    expect(res).toMatchObject({ status: 204, body: undefined });
    expect(seen[0]).toMatchObject({ method: "GET", body: "" });
    expect(seen[0]!.headers["content-type"]).toBeUndefined();
  });
});

describe("requestJson: failures", () => {
  it("times out when no answer comes", async () => {
    const started = Date.now();
    const err = await failureOf(requestJson(`${baseUrl}/hang`, { timeoutMs: 200 }));
    expect(err).toMatchObject({ kind: "timeout", status: undefined, message: "No answer within 200 ms" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("times out when the headers come but the body never ends", async () => {
    const err = await failureOf(requestJson(`${baseUrl}/slow-body`, { timeoutMs: 200 }));
    expect(err.kind).toBe("timeout");
  });

  it("is unreachable when nothing listens, the connection drops, or a success's body is cut off", async () => {
    const port = await closedPort();
    expect(await failureOf(requestJson(`http://127.0.0.1:${port}/x`, { timeoutMs: 2_000 }))).toMatchObject({
      kind: "unreachable",
      message: "The service could not be reached",
    });
    expect((await failureOf(requestJson(`${baseUrl}/drop`, { timeoutMs: 2_000 }))).kind).toBe("unreachable");
    expect((await failureOf(requestJson(`${baseUrl}/cut-body`, { timeoutMs: 2_000 }))).kind).toBe("unreachable");
  });

  it("a non-2xx answer is 'status' with its parsed JSON body and text", async () => {
    const err = await failureOf(requestJson(`${baseUrl}/error-json`, { method: "POST", json: {}, timeoutMs: 2_000 }));
    expect(err).toMatchObject({ kind: "status", status: 422, message: "HTTP 422" });
    expect(err.body).toEqual({ message: "bad product", code: 42 });
    expect(err.text).toBe('{"message":"bad product","code":42}');
  });

  it("a non-2xx answer that is not JSON is still 'status', with no body and its text kept", async () => {
    const err = await failureOf(requestJson(`${baseUrl}/error-html`, { timeoutMs: 2_000 }));
    expect(err).toMatchObject({ kind: "status", status: 502 });
    expect(err.body).toBeUndefined();
    expect(err.text).toBe("<html><body>Bad gateway</body></html>");
  });

  it("a non-2xx answer whose body is cut off is 'status': its status is what counts", async () => {
    const err = await failureOf(requestJson(`${baseUrl}/cut-error`, { timeoutMs: 2_000 }));
    expect(err).toMatchObject({ kind: "status", status: 503, text: "" });
    expect(err.body).toBeUndefined();
  });

  it("an unknown path is a 404 'status' (the status passes through)", async () => {
    expect(await failureOf(requestJson(`${baseUrl}/nowhere`, { timeoutMs: 2_000 }))).toMatchObject({
      kind: "status",
      status: 404,
    });
  });

  it("a 2xx answer that is not JSON is 'unparsable', keeping the text for the caller", async () => {
    const err = await failureOf(requestJson(`${baseUrl}/not-json`, { timeoutMs: 2_000 }));
    expect(err).toMatchObject({ kind: "unparsable", status: 200 });
    expect(err.body).toBeUndefined();
    expect(err.text).toContain(SECRET);
  });

  it("never puts the URL, its path or the body into the message or the logged error", async () => {
    const url = `${baseUrl}/not-json?token=${SECRET}`;
    for (const err of [
      await failureOf(requestJson(url, { timeoutMs: 2_000 })),
      await failureOf(requestJson(`${baseUrl}/error-secret?token=${SECRET}`, { timeoutMs: 2_000 })),
      await failureOf(requestJson(`http://127.0.0.1:${await closedPort()}/bot${SECRET}/x`, { timeoutMs: 2_000 })),
    ]) {
      expect(err.message).not.toContain(SECRET);
      expect(err.message).not.toContain("127.0.0.1");
      const logged = JSON.stringify(serializeError(err));
      expect(logged).toContain(err.kind);
      expect(logged).not.toContain(SECRET);
      expect(JSON.stringify(err)).not.toContain(SECRET);
      expect(Object.keys(err)).not.toContain("text");
    }
  });
});
