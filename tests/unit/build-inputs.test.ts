import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildInputsHash } from "../../scripts/build-inputs.mjs";

describe("build staleness (npm start rebuilds when this changes)", () => {
  it("changes when a source file or the lockfile changes, not when data or dist do", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "veo-build-"));
    fs.mkdirSync(path.join(root, "src/web"), { recursive: true });
    fs.writeFileSync(path.join(root, "src/web/app.tsx"), "v1");
    fs.writeFileSync(path.join(root, "package-lock.json"), "{}");
    const first = buildInputsHash(root);
    expect(buildInputsHash(root)).toBe(first);

    fs.mkdirSync(path.join(root, "data"));
    fs.writeFileSync(path.join(root, "data/file"), "x");
    expect(buildInputsHash(root)).toBe(first);

    fs.writeFileSync(path.join(root, "src/web/app.tsx"), "v2");
    const second = buildInputsHash(root);
    expect(second).not.toBe(first);

    fs.writeFileSync(path.join(root, "package-lock.json"), '{"x":1}');
    expect(buildInputsHash(root)).not.toBe(second);

    fs.writeFileSync(path.join(root, "src/web/new.ts"), "");
    expect(buildInputsHash(root)).not.toBe(second);
  });
});
