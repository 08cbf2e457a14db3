import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { isSupportedNode, SUPPORTED_NODE } from "../../scripts/supported-node.mjs";

describe("the Nodes the product runs on (decision 0111)", () => {
  it("are 22.19 and newer, skipping 23, as package.json's engines say", () => {
    const engines = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } }).engines;
    expect(engines.node).toBe(SUPPORTED_NODE);
    for (const version of ["22.19.0", "v22.23.3", "24.0.0", "24.21.0", "26.1.0"])
      expect(isSupportedNode(version)).toBe(true);
    for (const version of ["20.20.2", "v20.19.0", "22.12.0", "22.18.9", "23.11.0", "18.20.8"])
      expect(isSupportedNode(version)).toBe(false);
  });

  it("stop `npm start` on an older Node with a message saying what to install", () => {
    // The guard alone, run as if on Node 20: the whole of start.mjs would first build on a supported Node.
    const script = `
      Object.defineProperty(process.versions, "node", { value: "20.20.2" });
      const { requireSupportedNode } = await import("./scripts/supported-node.mjs");
      requireSupportedNode();
      console.log("went on");`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain("went on");
    expect(run.stderr).toContain("needs Node 22.19 or newer");
    expect(run.stderr).toContain("this is Node 20.20.2");
  });

  it("is checked by start, dev, the build and the test and catalogue commands before they do anything else", () => {
    for (const file of ["scripts/start.mjs", "scripts/dev.mjs", "scripts/build.mjs", "scripts/test-integration.mjs"])
      expect(fs.readFileSync(file, "utf8"), file).toMatch(/requireSupportedNode\(\);/);
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    for (const name of ["test:unit", "i18n:extract"])
      expect(scripts[name], name).toMatch(/^node scripts\/supported-node\.mjs && /);
    // On its own, on a supported Node, the check lets the command go on.
    expect(spawnSync(process.execPath, ["scripts/supported-node.mjs"]).status).toBe(0);
  });
});
