/**
 * Authenticator apps (TOTP, RFC 6238 with SHA-1, 30-second steps, 6 digits; otpauth). The secret
 * is sealed with the SecretBox; a code is accepted one step either side of now, and only for a
 * step later than the last one accepted (a conditional update), so a code is used once.
 */
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Queryable } from "../../db/connect.js";
import { totpCredentials } from "../../db/schema.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { BRAND } from "../../../shared/brand.js";

const PERIOD = 30;

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: BRAND,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step a code matched (one step of clock drift either way), or null. */
function matchingStep(secretBase32: string, code: string, now: number): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32, "").validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** A new, unconfirmed secret for `username` (replacing an unconfirmed one), with its otpauth URL and QR code. */
export async function startTotp(
  db: Queryable,
  box: SecretBox,
  user: { id: string; username: string },
): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .insert(totpCredentials)
    .values({ userId: user.id, secret: box.encrypt(secret) })
    .onConflictDoUpdate({ target: totpCredentials.userId, set: { secret: box.encrypt(secret), lastUsedStep: null } });
  const otpauthUrl = totpOf(secret, user.username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export async function hasConfirmedTotp(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  return Boolean(row);
}

/**
 * Checks a code against the user's secret (confirmed, or with `confirming` the one being set up)
 * and takes its step: true once per step, false for a wrong, stale or replayed code.
 */
export async function useTotpCode(
  db: Queryable,
  box: SecretBox,
  userId: string,
  code: string,
  { confirming = false, now = Date.now() }: { confirming?: boolean; now?: number } = {},
): Promise<boolean> {
  const [row] = await db
    .select({ secret: totpCredentials.secret })
    .from(totpCredentials)
    .where(
      and(
        eq(totpCredentials.userId, userId),
        confirming ? isNull(totpCredentials.confirmedAt) : isNotNull(totpCredentials.confirmedAt),
      ),
    );
  if (!row) return false;
  const step = matchingStep(box.decrypt(row.secret), code, now);
  if (step === null) return false;
  // Only a later step than the last one taken: two requests with one code, one wins.
  const taken = await db
    .update(totpCredentials)
    .set(confirming ? { lastUsedStep: step, confirmedAt: new Date(now) } : { lastUsedStep: step })
    .where(
      and(
        eq(totpCredentials.userId, userId),
        confirming ? isNull(totpCredentials.confirmedAt) : isNotNull(totpCredentials.confirmedAt),
        or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpCredentials.userId });
  return taken.length === 1;
}

/** Removes the authenticator app (confirmed or not); true when there was one. */
export async function removeTotp(db: Queryable, userId: string): Promise<boolean> {
  const gone = await db
    .delete(totpCredentials)
    .where(eq(totpCredentials.userId, userId))
    .returning({ confirmedAt: totpCredentials.confirmedAt });
  return gone.some((row) => row.confirmedAt !== null);
}
