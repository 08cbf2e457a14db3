/**
 * The account links' tests (decision 0088): an app whose mail goes to a real SMTP server
 * (tests/fakes/smtp-fake.mjs), the links read from the received messages, and the log lines that
 * say a reset request was handled after its answer.
 */
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { mailMessages, users } from "../../src/server/db/schema.js";
import type { AuthRateLimits } from "../../src/server/features/auth/routes.js";
import { createLogger } from "../../src/server/logger.js";
import type { ReceivedMail, SmtpFake } from "../fakes/smtp-fake.mjs";
import { keptLogLines } from "./log-lines.js";
import { createTestApp, signUp, type TestApp } from "./test-app.js";

/** A test app sending to `smtp`, with its log lines kept. */
export async function mailingApp(smtp: SmtpFake, rateLimits: Partial<AuthRateLimits> = {}) {
  const { lines, stream } = keptLogLines();
  const logger = createLogger({ logLevel: "info" }, stream);
  const t = await createTestApp({ env: { SMTP_URL: smtp.url }, logger, rateLimits });
  return { t, lines };
}

/**
 * Runs the reset job (decision 0132) until `count` reset requests in all were handled; returns what
 * each came to ("sent", "no_account", "limited"), oldest first.
 */
export async function resetsHandled(t: TestApp, lines: Record<string, unknown>[], count: number): Promise<string[]> {
  const outcomes = () => lines.filter((l) => l.msg === "password reset request handled").map((l) => l.passwordReset);
  await expect
    .poll(
      async () => {
        await t.app.jobs.passwordResetRequests.runOnce();
        return outcomes().length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const failed = lines.filter((l) => l.msg === "password reset request failed");
  expect(failed, JSON.stringify(failed)).toEqual([]);
  return outcomes() as string[];
}

/** Sends what is queued, then waits for the message to `address` with this subject. */
export async function receive(t: TestApp, smtp: SmtpFake, address: string, subject: string): Promise<ReceivedMail> {
  await t.app.jobs.mailSender.runOnce();
  return smtp.waitFor(address, (m) => m.subject === subject);
}

/** The token of the link to this page of the site in a message's plain text. */
export function tokenIn(mail: ReceivedMail, page: string): string {
  const found = new RegExp(`https?://[^\\s\\]]+${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!found) throw new Error(`No link to ${page} in "${mail.subject}":\n${mail.text}`);
  return found[1]!;
}

/** What the outbox holds for an address, by kind (written, whether sent yet or not). */
export async function kindsTo(t: TestApp, address: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ kind: mailMessages.kind })
    .from(mailMessages)
    .where(sql`lower(${mailMessages.toAddress}) = lower(${address})`)
    .orderBy(mailMessages.createdAt);
  return rows.map((r) => r.kind);
}

/** A fresh address at the tests' mail domain. */
export const newAddress = (name = "person") => `${name}.${crypto.randomUUID().slice(0, 8)}@people.example`;

/** A signed-up person with an address, confirmed or not (the registration's own link is left unsent). */
export async function personWithAddress(t: TestApp, confirmed: boolean, email = newAddress()) {
  const signedUp = await signUp(t.app, { email });
  const [row] = await t.database.db
    .update(users)
    .set({ emailVerified: confirmed })
    .where(eq(users.username, signedUp.username))
    .returning();
  return { ...signedUp, id: row!.id, email };
}

export async function userRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}
