import crypto from "node:crypto";

/** A random, URL-safe opaque token. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** How opaque tokens are stored: SHA-256 hex. They carry enough entropy that no salt is needed. */
export function sha256Hex(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** Compares two secrets in constant time (over their SHA-256, so their lengths may differ). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}
