/**
 * Vitest setup file of the integration project: passwords are hashed with argon2id at its lowest
 * cost (1 MiB, one pass) instead of the product's 19 MiB and two passes (decision 0124). The
 * hashes are real, and verified as any other (their cost is written in them); hashing at full
 * cost took about a tenth of the PostgreSQL pass's CPU. tests/unit/passwords.test.ts holds the
 * product's own cost.
 */
import type * as Argon2 from "@node-rs/argon2";
import { vi } from "vitest";

vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  const CHEAP = { memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
  return { ...argon2, hash: (password: string, options?: object) => argon2.hash(password, { ...options, ...CHEAP }) };
});
