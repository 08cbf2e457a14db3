/**
 * As root in a user namespace where only root's id is mapped (`unshare -r`, rootless containers),
 * the machine lists a `postgres` user that cannot be handed a folder: a new DATA_DIR falls back to
 * PGlite with one line saying why, and a folder that holds a cluster says what to do instead
 * (issue 65 §3, decision 0126). Run where this machine lets a process make a user namespace.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/connect.js";
import { launchServer } from "../helpers/server-process.js";

/** Whether `unshare -r` works here, or why not. */
function userNamespaces(): { ok: true } | { ok: false; why: string } {
  if (process.platform !== "linux") return { ok: false, why: "user namespaces are Linux's" };
  const probe = spawnSync("unshare", ["-r", "true"], { encoding: "utf8" });
  if (probe.error) return { ok: false, why: `unshare: ${probe.error.message}` };
  if (probe.status !== 0) return { ok: false, why: `this machine refuses one: ${probe.stderr.trim()}` };
  return { ok: true };
}

const namespaces = userNamespaces();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "veo-userns-"));
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The server from source, as root of a new user namespace that maps only this user's id. */
const inUserNamespace = (dataDir: string) =>
  launchServer(
    { DATA_DIR: dataDir, LOG_FORMAT: "json" },
    { command: "unshare", args: ["-r", process.execPath, "--import", "tsx", "src/server/main.ts"] },
  );

describe.runIf(namespaces.ok)(
  `in a user namespace that maps only root${namespaces.ok ? "" : ` (skipped: ${namespaces.why})`}`,
  () => {
    it("starts a new folder on PGlite and says why in one line", { timeout: 300_000 }, async () => {
      const dataDir = path.join(scratch, "new");
      const server = await inUserNamespace(dataDir);
      try {
        await server.healthy();
      } finally {
        await server.stop();
      }
      const lines = server.output().trim().split("\n");
      const said = lines.filter((line) => line.includes("The embedded database is PGlite"));
      expect(said, server.output()).toHaveLength(1);
      expect(JSON.parse(said[0]!).msg).toMatch(/^The embedded database is PGlite: the server runs as root/);
      expect(server.output()).not.toContain("EINVAL");
      expect(fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
    });

    // It makes a cluster first (initdb), which takes well over the default 30 s on a busy machine.
    it(
      "refuses a folder that holds a cluster, saying what to do, and opens no other database",
      { timeout: 300_000 },
      async () => {
        const dataDir = path.join(scratch, "with-cluster");
        const made = await openDatabase({ databaseUrl: undefined, dataDir });
        await made.close();
        expect(made.kind).toBe("postgres");

        const server = await inUserNamespace(dataDir);
        expect(await server.exited).toBe(1);
        const said = server.stderr().trim();
        expect(said).toContain(`The embedded PostgreSQL in ${dataDir} cannot start: the server runs as root`);
        expect(said).toContain("start the server where PostgreSQL can run, or give DATA_DIR another folder");
        expect(said.split("\n").length).toBeLessThanOrEqual(2);
        expect(said).not.toMatch(/^\s+at /m);
        expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
      },
    );
  },
);
