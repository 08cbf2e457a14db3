import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { isSupportedNode, SUPPORTED_NODE } from "../../scripts/supported-node.mjs";

/** Runs `onSupportedNode()` in a Node that believes it is `version` on `platform`. */
function onSupportedNodeAs(version: string, platform: string) {
  const script = `
    Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} });
    Object.defineProperty(process, "platform", { value: ${JSON.stringify(platform)} });
    const { onSupportedNode } = await import("./scripts/supported-node.mjs");
    await onSupportedNode();
    console.log("went on");`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
}

describe("the Nodes the product runs on (decisions 0111, 0125)", () => {
  it("are 22.19 and newer, skipping 23, as package.json's engines say", () => {
    const engines = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } }).engines;
    expect(engines.node).toBe(SUPPORTED_NODE);
    for (const version of ["22.19.0", "v22.23.3", "24.0.0", "24.21.0", "26.1.0"])
      expect(isSupportedNode(version)).toBe(true);
    for (const version of ["20.20.2", "v20.19.0", "22.12.0", "22.18.9", "23.11.0", "18.20.8"])
      expect(isSupportedNode(version)).toBe(false);
  });

  it("lets a command go on at once on a supported Node", () => {
    const run = onSupportedNodeAs("24.21.0", "freebsd");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("went on");
    expect(run.stderr).toBe("");
  });

  it("stops on an older Node where the registry has none for the platform, saying what to install", () => {
    const run = onSupportedNodeAs("20.20.2", "freebsd");
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain("went on");
    expect(run.stderr).toContain("needs Node 22.19 or newer");
    expect(run.stderr).toContain("this is Node 20.20.2, and the npm registry has no Node for this platform");
    expect(run.stderr.trim().split("\n")).toHaveLength(2);
  });

  it("is what start, dev, the build, backup, restore, the bench and the test and catalogue commands do first", () => {
    for (const file of [
      "scripts/start.mjs",
      "scripts/dev.mjs",
      "scripts/build.mjs",
      "scripts/backup.mjs",
      "scripts/bench.mjs",
      "scripts/test-integration.mjs",
    ])
      expect(fs.readFileSync(file, "utf8"), file).toMatch(/await onSupportedNode\(\);/);
    expect(fs.readFileSync("scripts/restore.mjs", "utf8")).toMatch(/from "\.\/backup\.mjs"/);
    const { scripts } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    for (const name of ["test:unit", "i18n:extract"])
      expect(scripts[name], name).toMatch(/^node scripts\/supported-node\.mjs (vitest|lingui) /);
  });

  it("runs a command given to it, passing its exit code on", () => {
    const run = spawnSync(process.execPath, ["scripts/supported-node.mjs", process.execPath, "-e", "process.exit(3)"]);
    expect(run.status).toBe(3);
  });
});
