/**
 * The product hashes passwords with argon2id at OWASP's minimum (19 MiB, two passes, one lane).
 * The integration tests hash at the lowest cost (tests/helpers/cheap-password-hashes.ts, decision
 * 0124); this project has no such setup, so it sees the product's own.
 */
import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../src/server/features/auth/passwords.js";

describe("password hashes", () => {
  it("are argon2id at 19 MiB, two passes and one lane, salted", async () => {
    const [first, second] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, "correct horse")).toBe(true);
    expect(await verifyPassword(first, "correct horsE")).toBe(false);
  });

  it("verifies a hash of any cost, and refuses what is not one", async () => {
    const cheap = "$argon2id$v=19$m=1024,t=1,p=1$LnYukR93vOiCKjQMKQer2g$nwJll0NBklkU+om0BORgYY/NMrba79yy8We9V+yT81M";
    expect(await verifyPassword(cheap, "x-password")).toBe(true);
    expect(await verifyPassword("not a hash", "x-password")).toBe(false);
    await expect(verifyAgainstDummy("anything")).resolves.toBeUndefined();
  });
});
