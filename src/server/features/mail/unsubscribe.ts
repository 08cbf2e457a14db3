/**
 * One-click unsubscribe (RFC 8058; decision 0086): a notice's link names the person and the kind
 * of notice, signed with a key derived from the secrets key, so it works without signing in and
 * nothing is stored. It can only turn that one notice off for that one person.
 */
import crypto from "node:crypto";
import type { SecretBox } from "../../lib/secret-box.js";
import { sameSecret } from "../../lib/tokens.js";
import { isOptionalMailKind, type OptionalMailKind } from "./kinds.js";

export const unsubscribeKey = (secretBox: SecretBox): string => secretBox.derive("mail-unsubscribe");

function signature(key: string, userId: string, kind: OptionalMailKind): string {
  return crypto.createHmac("sha256", key).update(`${userId}:${kind}`).digest("base64url");
}

/** The query of an unsubscribe link: `u`, `k`, `t`. */
export function unsubscribeQuery(key: string, userId: string, kind: OptionalMailKind): string {
  return new URLSearchParams({ u: userId, k: kind, t: signature(key, userId, kind) }).toString();
}

/** The person and the notice a link names, when its signature holds; else null. */
export function readUnsubscribe(
  key: string,
  query: { u?: unknown; k?: unknown; t?: unknown },
): { userId: string; kind: OptionalMailKind } | null {
  const { u, k, t } = query;
  if (typeof u !== "string" || typeof k !== "string" || typeof t !== "string") return null;
  if (!isOptionalMailKind(k) || u.length > 64 || t.length > 64) return null;
  return sameSecret(t, signature(key, u, k)) ? { userId: u, kind: k } : null;
}
