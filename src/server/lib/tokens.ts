import crypto from "node:crypto";

/** A random, URL-safe opaque token. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** How opaque tokens are stored: SHA-256 hex. They carry enough entropy that no salt is needed. */
export function sha256Hex(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}
