import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSecretBox, loadSecretBox } from "../../src/server/lib/secret-box.js";

describe("secret box", () => {
  it("round-trips and never produces the same ciphertext twice", () => {
    const box = createSecretBox("a-key-of-at-least-thirty-two-chars!!");
    const a = box.encrypt("hello secret");
    expect(a).not.toContain("hello");
    expect(box.encrypt("hello secret")).not.toBe(a);
    expect(box.decrypt(a)).toBe("hello secret");
  });

  it("refuses a value sealed with another key", () => {
    const sealed = createSecretBox("first-key-first-key-first-key-123").encrypt("x");
    expect(() => createSecretBox("second-key-second-key-second-key").decrypt(sealed)).toThrow();
  });

  it("without SECRETS_KEY generates a key file once, private to the owner, and reuses it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-secrets-"));
    const sealed = loadSecretBox({ secretsKey: undefined, dataDir }).encrypt("kept");
    const file = path.join(dataDir, "secrets.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretBox({ secretsKey: undefined, dataDir }).decrypt(sealed)).toBe("kept");
  });
});
