import crypto from "node:crypto";

/** A random, URL-safe opaque token. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/**
 * `length` characters of `alphabet`, each equally likely (node:crypto's randomInt): codes people
 * type or read (recovery codes, codes, referral codes, a Creem discount's code).
 */
export function randomCode(alphabet: string, length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += alphabet[crypto.randomInt(alphabet.length)];
  return code;
}

/** How opaque tokens are stored: SHA-256 hex. They carry enough entropy that no salt is needed. */
export function sha256Hex(value: string): string {
  // The one-shot form: every signed-in request hashes its cookie, and it costs half createHash's.
  return crypto.hash("sha256", value, "hex");
}

/** Compares two secrets in constant time (over their SHA-256, so their lengths may differ). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}
