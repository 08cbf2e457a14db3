/**
 * Encrypts secrets at rest (AES-256-GCM). The key comes from SECRETS_KEY or, without it, from a
 * random key generated once and kept in DATA_DIR/secrets.key. Values look like "v1:<base64>".
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A stable secret for `label`, the same in every process that shares the key. */
  derive(label: string): string;
}

export function createSecretBox(keyMaterial: string | Buffer): SecretBox {
  const key = crypto.createHash("sha256").update(keyMaterial).digest();
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return "v1:" + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
    },
    decrypt(sealed) {
      if (!sealed.startsWith("v1:")) throw new Error("Unknown secret format");
      const raw = Buffer.from(sealed.slice(3), "base64");
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
    derive(label) {
      return crypto.createHmac("sha256", key).update(label).digest("base64url");
    },
  };
}

/** The key file is created with mode 0600 on first start and reused afterwards. */
export function loadSecretBox(opts: { secretsKey: string | undefined; dataDir: string }): SecretBox {
  if (opts.secretsKey) return createSecretBox(opts.secretsKey);
  const file = path.join(opts.dataDir, "secrets.key");
  fs.mkdirSync(opts.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return createSecretBox(fs.readFileSync(file, "utf8").trim());
}
