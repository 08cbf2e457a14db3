import { describe, expect, it } from "vitest";
import { BEARER_MESSAGES, tokenFromHeader } from "../../src/server/http/bearer-auth.js";
import { AppError } from "../../src/server/http/errors.js";

const TOKEN = `veo_${"A".repeat(40)}-_9`;

function messageFor(header: string | undefined): string {
  try {
    tokenFromHeader(header);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) return err.message;
    throw err;
  }
  return "accepted";
}

describe("tokenFromHeader", () => {
  it("takes the token from 'Bearer <token>', any case of the scheme, surrounding spaces ignored", () => {
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `  BEARER   ${TOKEN}  `])
      expect(tokenFromHeader(header)).toBe(TOKEN);
  });

  it.each([
    [undefined, BEARER_MESSAGES.missing],
    ["  ", BEARER_MESSAGES.missing],
    ["Bearer", BEARER_MESSAGES.malformed],
    [`Basic ${TOKEN}`, BEARER_MESSAGES.malformed],
    [`Bearer ${TOKEN} ${TOKEN}`, BEARER_MESSAGES.malformed],
    [`Bearer${TOKEN}`, BEARER_MESSAGES.malformed],
    ["Bearer sk-123", BEARER_MESSAGES.notAToken],
    [`Bearer ${TOKEN}x`, BEARER_MESSAGES.notAToken],
    [`Bearer ${TOKEN.replace("_9", "+9")}`, BEARER_MESSAGES.notAToken],
  ])("%s -> %s", (header, message) => {
    expect(messageFor(header)).toBe(message);
  });
});
