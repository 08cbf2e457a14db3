/**
 * The visit of a referral link (decision 0157): the code and when it was followed, sealed with the
 * install's secret box in an httpOnly cookie, so nobody can write a code or an older date in. A
 * sign-up reads it while the admin's attribution window lasts.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SecretBox } from "../../lib/secret-box.js";
import { DAY_MS } from "./referral-settings.js";

export const REFERRAL_COOKIE = "referral";

export interface ReferralVisit {
  code: string;
  visitedAt: Date;
}

export function setReferralCookie(
  reply: FastifyReply,
  box: SecretBox,
  visit: ReferralVisit,
  opts: { secure: boolean; days: number },
): void {
  const value = box.encrypt(JSON.stringify({ kind: "referral", code: visit.code, at: visit.visitedAt.getTime() }));
  reply.setCookie(REFERRAL_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: opts.secure,
    maxAge: Math.round((opts.days * DAY_MS) / 1000),
  });
}

/** The sealed visit, when present, genuine and inside `days` of now. */
export function readReferralCookie(
  request: Pick<FastifyRequest, "cookies">,
  box: SecretBox,
  days: number,
  now = Date.now(),
): ReferralVisit | undefined {
  const sealed = request.cookies[REFERRAL_COOKIE];
  if (!sealed) return undefined;
  try {
    const value = JSON.parse(box.decrypt(sealed)) as { kind?: unknown; code?: unknown; at?: unknown };
    if (value.kind !== "referral" || typeof value.code !== "string" || typeof value.at !== "number") return undefined;
    if (value.at > now + 60_000 || now - value.at > days * DAY_MS) return undefined;
    return { code: value.code, visitedAt: new Date(value.at) };
  } catch {
    return undefined;
  }
}
