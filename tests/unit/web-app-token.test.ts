import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { webToken, webTokenOfSession } from "../../src/server/http/web-app-token.js";
import { randomToken, sha256Hex } from "../../src/server/lib/tokens.js";

const hmac = (key: string, sessionId: string) => crypto.createHmac("sha256", key).update(sessionId).digest("base64url");

describe("the web app's token", () => {
  it("is the HMAC of the session's id, whether asked by cookie value or by id", () => {
    const key = randomToken();
    const cookie = randomToken();
    expect(webToken(key, cookie)).toBe(hmac(key, sha256Hex(cookie)));
    expect(webTokenOfSession(key, sha256Hex(cookie))).toBe(webToken(key, cookie));
  });

  it("stays right for every session and key when more sessions ask than are remembered", () => {
    const keys = [randomToken(), randomToken()];
    const ids = Array.from({ length: 10_050 }, () => sha256Hex(randomToken()));
    // Twice through, so that the second pass meets both remembered and forgotten sessions.
    for (let pass = 0; pass < 2; pass++)
      for (const [i, id] of ids.entries()) {
        const key = keys[i % 2]!;
        if (i % 1000 === 0 || pass === 1) expect(webTokenOfSession(key, id)).toBe(hmac(key, id));
        else webTokenOfSession(key, id);
      }
    expect(webTokenOfSession(keys[0]!, ids[0]!)).not.toBe(webTokenOfSession(keys[1]!, ids[0]!));
  });
});
