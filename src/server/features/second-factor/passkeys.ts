/**
 * Passkeys as a second factor (WebAuthn; @simplewebauthn/server). The relying party is
 * PUBLIC_URL's host (a loopback address is "localhost": WebAuthn refuses IP addresses). The
 * challenge of a ceremony travels sealed in a short-lived cookie bound to the session, and is
 * cleared by its use; a sign-in challenge counts once, remembered on the server (decision 0137);
 * the signature counter only goes up (a conditional update).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq, lt, or } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../../db/connect.js";
import { passkeys, usedPasskeyChallenges } from "../../db/schema.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { sha256Hex } from "../../lib/tokens.js";
import { sessionCookieValue } from "../../http/session-auth.js";
import { BRAND } from "../../../shared/brand.js";
import type { PasskeyView } from "../../../shared/schemas/second-factor.js";

const CHALLENGE_COOKIE = "webauthn";
const CHALLENGE_MS = 5 * 60_000;
type Ceremony = "register" | "authenticate";

export interface RelyingParty {
  id: string;
  origins: string[];
}

/** The relying party of PUBLIC_URL. */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  if (!loopback) return { id: url.hostname, origins: [url.origin] };
  const local = new URL(url.origin);
  local.hostname = "localhost";
  return { id: "localhost", origins: [url.origin, local.origin] };
}

function sessionId(request: FastifyRequest): string {
  return sha256Hex(sessionCookieValue(request) ?? "");
}

function keepChallenge(
  reply: FastifyReply,
  box: SecretBox,
  request: FastifyRequest,
  ceremony: Ceremony,
  challenge: string,
  secure: boolean,
) {
  const sealed = box.encrypt(
    JSON.stringify({ c: challenge, k: ceremony, s: sessionId(request), e: Date.now() + CHALLENGE_MS }),
  );
  reply.setCookie(CHALLENGE_COOKIE, sealed, {
    path: "/api/auth/second-factor",
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: CHALLENGE_MS / 1000,
  });
}

/** The challenge this session was given for `ceremony`, once (the cookie is cleared); undefined when none is live. */
function takeChallenge(
  reply: FastifyReply,
  box: SecretBox,
  request: FastifyRequest,
  ceremony: Ceremony,
  secure: boolean,
): string | undefined {
  const sealed = request.cookies[CHALLENGE_COOKIE];
  reply.clearCookie(CHALLENGE_COOKIE, { path: "/api/auth/second-factor", httpOnly: true, sameSite: "strict", secure });
  if (!sealed) return undefined;
  try {
    const value = JSON.parse(box.decrypt(sealed)) as { c: string; k: string; s: string; e: number };
    return value.k === ceremony && value.s === sessionId(request) && value.e > Date.now() ? value.c : undefined;
  } catch {
    return undefined;
  }
}

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyView[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  }));
}

export interface CeremonyContext {
  db: Queryable;
  box: SecretBox;
  rp: RelyingParty;
  secure: boolean;
  request: FastifyRequest;
  reply: FastifyReply;
}

export async function registrationOptions(ctx: CeremonyContext, user: { id: string; username: string }) {
  const existing = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: BRAND,
    rpID: ctx.rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  keepChallenge(ctx.reply, ctx.box, ctx.request, "register", options.challenge, ctx.secure);
  return options;
}

/** Verifies the browser's answer and keeps the passkey; false when it does not verify. */
export async function registerPasskey(
  ctx: CeremonyContext,
  userId: string,
  name: string,
  response: Record<string, unknown>,
): Promise<{ id: string } | undefined> {
  const expectedChallenge = takeChallenge(ctx.reply, ctx.box, ctx.request, "register", ctx.secure);
  if (!expectedChallenge) return undefined;
  const verification = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: ctx.rp.origins,
    expectedRPID: ctx.rp.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) return undefined;
  const { credential } = verification.registrationInfo;
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return row;
}

/** Options to sign in's second step (or a fresh check) with one of the user's passkeys; undefined when they have none. */
export async function authenticationOptions(ctx: CeremonyContext, userId: string) {
  const mine = await ctx.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  if (mine.length === 0) return undefined;
  const options = await generateAuthenticationOptions({
    rpID: ctx.rp.id,
    allowCredentials: mine.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransport[],
    })),
    userVerification: "preferred",
  });
  keepChallenge(ctx.reply, ctx.box, ctx.request, "authenticate", options.challenge, ctx.secure);
  return options;
}

/**
 * Records a sign-in challenge's use (decision 0137); false when it was used before. A replay
 * brings the sealed cookie again, and an authenticator without a counter signs the same each
 * time: only the server can tell. Two requests at once insert the same key: one takes it. Kept
 * CHALLENGE_MS from now, longer than the challenge can still be live, then swept.
 */
async function spendChallenge(db: Queryable, challenge: string): Promise<boolean> {
  const taken = await db
    .insert(usedPasskeyChallenges)
    .values({ challengeHash: sha256Hex(challenge), expiresAt: new Date(Date.now() + CHALLENGE_MS) })
    .onConflictDoNothing()
    .returning({ challengeHash: usedPasskeyChallenges.challengeHash });
  return taken.length === 1;
}

/** Verifies a passkey's signature for the user; true once per challenge. */
export async function usePasskey(
  ctx: CeremonyContext,
  userId: string,
  response: Record<string, unknown>,
): Promise<boolean> {
  const expectedChallenge = takeChallenge(ctx.reply, ctx.box, ctx.request, "authenticate", ctx.secure);
  const credentialId = typeof response.id === "string" ? response.id : "";
  if (!expectedChallenge || !credentialId) return false;
  if (!(await spendChallenge(ctx.db, expectedChallenge))) return false;
  const [stored] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
  if (!stored) return false;
  const verification = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: ctx.rp.origins,
    expectedRPID: ctx.rp.id,
    credential: {
      id: stored.credentialId,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verification?.verified) return false;
  const { newCounter } = verification.authenticationInfo;
  // A counter that went back means a cloned authenticator; an authenticator without one keeps 0.
  const moved = await ctx.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(
      and(
        eq(passkeys.id, stored.id),
        newCounter === 0 ? eq(passkeys.counter, 0) : or(lt(passkeys.counter, newCounter)),
      ),
    )
    .returning({ id: passkeys.id });
  return moved.length === 1;
}

/** Removes one of the user's passkeys; its name when there was one. */
export async function removePasskey(db: Queryable, userId: string, passkeyId: string): Promise<string | undefined> {
  const [gone] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, passkeyId)))
    .returning({ name: passkeys.name });
  return gone?.name;
}

export async function removeAllPasskeys(db: Queryable, userId: string): Promise<number> {
  const gone = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return gone.length;
}
