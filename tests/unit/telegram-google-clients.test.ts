/**
 * Telegram's and Google's clients over requestJson (decision 0038), against a scripted local
 * server: the answers their integration tests do not reach (bodies that are not JSON, a JSON
 * `null`, error bodies without JSON) still become their own errors with their own messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exchangeCode,
  GoogleAuthError,
  userinfoEmail,
  type GoogleEndpoints,
} from "../../src/server/integrations/google/oidc.js";
import { sendTelegramMessage, TelegramError } from "../../src/server/integrations/telegram/client.js";
import { startScriptedServer, type ScriptedServer } from "../helpers/scripted-server.js";

let server: ScriptedServer;
let baseUrl: string;

beforeAll(async () => {
  server = await startScriptedServer();
  baseUrl = server.baseUrl;
});

afterAll(() => server.close());

const reply = (status: number, body: unknown) => server.reply(status, body);

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe("sendTelegramMessage", () => {
  const TOKEN = "123456:secret-bot-token";
  const send = (timeoutMs = 2_000) => rejectionOf(sendTelegramMessage(baseUrl, TOKEN, "42", "hello", timeoutMs));

  it("resolves on {ok: true}", async () => {
    reply(200, { ok: true, result: {} });
    expect(await send()).toBeUndefined();
  });

  it("reads Telegram's error answer: kind from error_code, its description, retry_after", async () => {
    reply(429, {
      ok: false,
      error_code: 429,
      description: "Too Many Requests: retry after 7",
      parameters: { retry_after: 7 },
    });
    expect(await send()).toMatchObject({
      kind: "rate_limited",
      message: "Too Many Requests: retry after 7",
      retryAfterSeconds: 7,
    });
    reply(400, { ok: false, error_code: 400, description: "Bad Request: chat not found" });
    expect(await send()).toMatchObject({ kind: "rejected", message: "Bad Request: chat not found" });
    reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
    expect(await send()).toMatchObject({ kind: "unauthorized" });
  });

  it("an answer it cannot read is 'unavailable' with the HTTP status, never a TypeError", async () => {
    for (const [status, body] of [
      [200, "<html>proxy page</html>"],
      [200, "null"],
      [200, '{"ok": false}'],
      [502, "<html>Bad gateway</html>"],
    ] as const) {
      reply(status, body);
      const err = await send();
      expect(err, body).toBeInstanceOf(TelegramError);
      expect(err).toMatchObject({ kind: "unavailable", message: `HTTP ${status}` });
    }
  });

  it("a timeout and an unreachable host say so, without the token", async () => {
    server.answer = "hang";
    const slow = await send(200);
    expect(slow).toMatchObject({ kind: "unavailable", message: "Telegram did not answer in time" });
    const down = await rejectionOf(sendTelegramMessage("http://127.0.0.1:1", TOKEN, "42", "hello"));
    expect(down).toMatchObject({ kind: "unavailable", message: "Telegram could not be reached" });
    for (const err of [slow, down])
      expect(JSON.stringify({ ...(err as object), message: (err as Error).message })).not.toContain("secret-bot-token");
  });
});

describe("Google's token and UserInfo calls", () => {
  const endpoints = (): GoogleEndpoints => ({
    authUrl: `${baseUrl}/auth`,
    tokenUrl: `${baseUrl}/token`,
    userinfoUrl: `${baseUrl}/userinfo`,
    jwksUrl: `${baseUrl}/jwks`,
  });
  const client = { clientId: "cid", clientSecret: "csecret", redirectUri: "https://us.example/cb" };
  const exchange = () => rejectionOf(exchangeCode(endpoints(), client, "code-1", "verifier-1"));
  const messageOf = async () => {
    const err = await exchange();
    expect(err).toBeInstanceOf(GoogleAuthError);
    return (err as GoogleAuthError).message;
  };

  it("returns the id_token and access token", async () => {
    reply(200, { id_token: "a.b.c", access_token: "at" });
    expect(await exchangeCode(endpoints(), client, "code-1", "verifier-1")).toEqual({
      idToken: "a.b.c",
      accessToken: "at",
    });
  });

  it("maps each failure to the words shown on /login", async () => {
    reply(401, { error: "invalid_client" });
    expect(await messageOf()).toMatch(/misconfigured/);
    reply(400, { error: "invalid_client" });
    expect(await messageOf()).toMatch(/misconfigured/);
    reply(400, { error: "invalid_grant" });
    expect(await messageOf()).toMatch(/did not accept this sign-in/);
    reply(503, "<html>down</html>");
    expect(await messageOf()).toMatch(/could not be reached/);
    for (const body of ["not json", "null", "{}"]) {
      reply(200, body);
      expect(await messageOf(), body).toBe("Google did not send an identity. Please try again.");
    }
  });

  it("UserInfo gives an e-mail only from a readable 2xx answer", async () => {
    reply(200, { email: "a@example.com", email_verified: true });
    expect(await userinfoEmail(endpoints(), "at")).toEqual({ email: "a@example.com", emailVerified: true });
    for (const [status, body] of [
      [200, "null"],
      [200, "not json"],
      [401, { error: "invalid_token" }],
    ] as const) {
      reply(status, body);
      expect((await userinfoEmail(endpoints(), "at")).email).toBeUndefined();
      expect((await userinfoEmail(endpoints(), "at")).emailVerified).toBe(false);
    }
  });
});
