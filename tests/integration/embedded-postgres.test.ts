/**
 * The embedded default is a PostgreSQL the product starts in DATA_DIR (issue 43 §1, decision
 * 0105): a new folder gets a cluster that keeps its data across restarts, listens on 127.0.0.1
 * only, and admits nobody without the password kept in DATA_DIR; a cluster left running by a
 * killed server is stopped and started again; a folder that already holds PGlite's database is
 * still opened with PGlite; and nothing opens an empty database in place of a cluster.
 * The embedded database only: the PostgreSQL pass skips it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, openPglite, rowsOf, type Database } from "../../src/server/db/connect.js";
import {
  CLUSTER_FOLDER,
  embeddedPostgresAvailability,
  PASSWORD_FILE,
  startEmbeddedPostgres,
} from "../../src/server/db/embedded-postgres.js";
import { users } from "../../src/server/db/schema.js";
import { backup, restore } from "../../src/server/ops/backup.js";
import { SERVER_PID_FILE } from "../../src/server/db/server-pid.js";
import { usingPostgres } from "../helpers/test-db.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "veo-embedded-pg-"));
// As root PostgreSQL runs as the `postgres` user, who must pass through the folders above DATA_DIR.
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
function newDataDir(): string {
  return path.join(scratch, `data-${++folders}`);
}

async function withDatabase<T>(dataDir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, CLUSTER_FOLDER, "postmaster.pid"), "utf8").split("\n")[0]);
}

/** Running, not ended (an ended process no parent has reaped yet is a zombie: state Z). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * Making a new PGlite folder (initdb, then every migration) takes 2-3 s on a quiet machine and
 * took 31-43 s on a 2-core machine running two test suites at once: the tests that make one get
 * room for that.
 */
const NEW_PGLITE_FOLDER_MS = 120_000;

describe.skipIf(usingPostgres)("the embedded PostgreSQL", () => {
  it("keeps a new folder's data across restarts, private to its owner", async () => {
    const dataDir = newDataDir();
    await withDatabase(dataDir, async (database) => {
      expect(database.kind).toBe("postgres");
      expect(database.embedded).toBe(true);
      await database.db.insert(users).values({ username: "kept_across_restarts", password: "x", credits: 7 });
      const [settings] = rowsOf<{ listen: string; version: string }>(
        await database.db.execute(sql`select current_setting('listen_addresses') as listen, version() as version`),
      );
      expect(settings).toMatchObject({ listen: "127.0.0.1", version: expect.stringMatching(/^PostgreSQL 18/) });
      // Unicode-aware case mapping (the builtin C.UTF-8 locale), as the search and e-mail lookups need.
      const [lowered] = rowsOf<{ l: string }>(await database.db.execute(sql`select lower('ÀÉÎ Straße') as l`));
      expect(lowered?.l).toBe("àéî straße");
    });
    expect(fs.statSync(path.join(dataDir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(dataDir, CLUSTER_FOLDER)).mode & 0o077).toBe(0);
    // Stopped with the database: nothing left running.
    expect(fs.existsSync(path.join(dataDir, CLUSTER_FOLDER, "postmaster.pid"))).toBe(false);

    const credits = await withDatabase(dataDir, async (database) => {
      const found = await database.db.query.users.findFirst({
        where: (u, { eq }) => eq(u.username, "kept_across_restarts"),
      });
      return found?.credits;
    });
    expect(credits).toBe(7);
  });

  it("admits nobody without the password kept in DATA_DIR", async () => {
    const dataDir = newDataDir();
    const available = embeddedPostgresAvailability(dataDir);
    if (!available.ok) throw new Error(available.why);
    const cluster = await startEmbeddedPostgres(dataDir, available);
    try {
      const url = new URL(cluster.url);
      for (const password of ["", "wrong-password"]) {
        const client = new pg.Client({
          host: url.hostname,
          port: Number(url.port),
          user: url.username,
          password,
          database: "postgres",
        });
        await expect(client.connect()).rejects.toThrow(/password/);
        await client.end().catch(() => {});
      }
      // The system user a peer login would map to has no way in either.
      const asPostgres = new pg.Client({
        host: url.hostname,
        port: Number(url.port),
        user: "postgres",
        password: "",
        database: "postgres",
      });
      await expect(asPostgres.connect()).rejects.toThrow();
      await asPostgres.end().catch(() => {});
    } finally {
      await cluster.stop();
    }
  });

  it("stops a cluster a killed server left running, and starts it again", async () => {
    const dataDir = newDataDir();
    const available = embeddedPostgresAvailability(dataDir);
    if (!available.ok) throw new Error(available.why);
    // As if the server was killed: its cluster is started and never stopped.
    await startEmbeddedPostgres(dataDir, available);
    const leftRunning = postmasterPid(dataDir);
    expect(alive(leftRunning)).toBe(true);

    await withDatabase(dataDir, async (database) => {
      expect(postmasterPid(dataDir)).not.toBe(leftRunning);
      const [one] = rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`));
      expect(one?.one).toBe(1);
    });
    expect(alive(leftRunning)).toBe(false);
  });

  it("refuses to start under another server that runs on the same folder", async () => {
    const dataDir = newDataDir();
    await withDatabase(dataDir, async () => {});
    // This test's parent process stands in for the other server: it is alive.
    fs.writeFileSync(path.join(dataDir, SERVER_PID_FILE), String(process.ppid));
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(
      `Another server (process ${process.ppid}) runs on ${dataDir}`,
    );
  });

  it("says what is missing when the password file is gone", async () => {
    const dataDir = newDataDir();
    await withDatabase(dataDir, async () => {});
    fs.rmSync(path.join(dataDir, PASSWORD_FILE));
    await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(`${PASSWORD_FILE} is missing`);
  });

  it(
    "falls back to PGlite for a new folder when initdb refuses, saying why in one line",
    async () => {
      const dataDir = newDataDir();
      const refusing = path.join(scratch, "initdb-that-refuses");
      fs.writeFileSync(refusing, "#!/bin/sh\necho 'initdb: error: cannot be run here' >&2\nexit 1\n", { mode: 0o755 });
      const warnings: string[] = [];
      const database = await openDatabase({
        databaseUrl: undefined,
        dataDir,
        warn: (message) => warnings.push(message),
        postgresAvailability: (dir) => {
          const available = embeddedPostgresAvailability(dir);
          if (!available.ok) throw new Error(available.why);
          return { ...available, binaries: { ...available.binaries, initdb: refusing } };
        },
      });
      await database.close();
      expect(database.kind).toBe("pglite");
      expect(warnings).toEqual([
        "The embedded database is PGlite: PostgreSQL's initdb would not make a database here (initdb: error: cannot be run here).",
      ]);
      // Nothing half-made is left to stop the next start.
      expect(fs.existsSync(path.join(dataDir, CLUSTER_FOLDER))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, PASSWORD_FILE))).toBe(false);
    },
    NEW_PGLITE_FOLDER_MS,
  );

  it(
    "still opens a folder that holds PGlite's database with PGlite",
    async () => {
      const dataDir = newDataDir();
      const before = await openPglite(dataDir);
      await before.db.insert(users).values({ username: "made_on_pglite", password: "x", credits: 3 });
      await before.close();

      await withDatabase(dataDir, async (database) => {
        expect(database.kind).toBe("pglite");
        const found = await database.db.query.users.findFirst({
          where: (u, { eq }) => eq(u.username, "made_on_pglite"),
        });
        expect(found?.credits).toBe(3);
      });
      expect(fs.existsSync(path.join(dataDir, CLUSTER_FOLDER))).toBe(false);
    },
    NEW_PGLITE_FOLDER_MS,
  );

  it("never opens an empty PGlite in place of a cluster", async () => {
    const dataDir = newDataDir();
    await withDatabase(dataDir, async () => {});
    await expect(openDatabase({ databaseUrl: undefined, dataDir, embeddedDatabase: "pglite" })).rejects.toThrow(
      "EMBEDDED_DATABASE=pglite would open another, empty one",
    );
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });

  it(
    "uses PGlite when asked to, for a new folder",
    async () => {
      const dataDir = newDataDir();
      const database = await openDatabase({ databaseUrl: undefined, dataDir, embeddedDatabase: "pglite" });
      await database.close();
      expect(database.kind).toBe("pglite");
      expect(fs.existsSync(path.join(dataDir, CLUSTER_FOLDER))).toBe(false);
    },
    NEW_PGLITE_FOLDER_MS,
  );

  // Only as root: PostgreSQL then runs as the machine's `postgres` user, who must reach DATA_DIR.
  it.runIf(process.getuid?.() === 0)(
    "as root, falls back to PGlite with a warning where postgres cannot reach",
    async () => {
      const closed = path.join(scratch, `closed-${++folders}`);
      fs.mkdirSync(closed, { mode: 0o700 });
      fs.chmodSync(closed, 0o700);
      const dataDir = path.join(closed, "data");
      const warnings: string[] = [];
      const database = await openDatabase({ databaseUrl: undefined, dataDir, warn: (m) => warnings.push(m) });
      await database.close();
      expect(database.kind).toBe("pglite");
      expect(warnings).toEqual([expect.stringContaining("the `postgres` user cannot reach")]);

      // A cluster it cannot reach is an error, never an empty PGlite.
      const parent = path.join(scratch, `closing-${++folders}`);
      fs.mkdirSync(parent, { mode: 0o755 });
      const other = path.join(parent, "data");
      await withDatabase(other, async () => {});
      fs.chmodSync(parent, 0o700);
      await expect(openDatabase({ databaseUrl: undefined, dataDir: other })).rejects.toThrow("cannot start");
      expect(fs.existsSync(path.join(other, "pglite"))).toBe(false);
    },
    NEW_PGLITE_FOLDER_MS,
  );

  it.runIf(process.getuid?.() === 0)(
    "as root, lets the postgres user through a DATA_DIR closed to others",
    async () => {
      const dataDir = newDataDir();
      fs.mkdirSync(dataDir, { mode: 0o700 });
      fs.chmodSync(dataDir, 0o700);
      await withDatabase(dataDir, async (database) => expect(database.kind).toBe("postgres"));
      const { mode } = fs.statSync(dataDir);
      // Its group may pass, not list; others still nothing.
      expect((mode & 0o777).toString(8)).toBe("710");
    },
  );
});

describe.skipIf(usingPostgres)("a backup of the embedded PostgreSQL", () => {
  it("copies the cluster (stopping one left running) and restores it into an empty folder", async () => {
    const dataDir = newDataDir();
    await withDatabase(dataDir, async (database) => {
      await database.db.insert(users).values({ username: "backed_up", password: "x", credits: 11 });
    });
    // A killed server's cluster, still running, with a write after the last restart.
    const available = embeddedPostgresAvailability(dataDir);
    if (!available.ok) throw new Error(available.why);
    const cluster = await startEmbeddedPostgres(dataDir, available);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await client.query("update users set credits = 12 where username = 'backed_up'");
    await client.end();

    const file = path.join(scratch, `backup-${folders}.tar`);
    expect(await backup({ dataDir, databaseUrl: undefined }, file)).toMatchObject({ database: "embedded-postgres" });
    expect(fs.existsSync(path.join(dataDir, CLUSTER_FOLDER, "postmaster.pid"))).toBe(false);

    const restored = newDataDir();
    await expect(restore({ dataDir: restored, databaseUrl: "postgres://x@127.0.0.1/y" }, file)).rejects.toThrow(
      "unset DATABASE_URL",
    );
    expect(await restore({ dataDir: restored, databaseUrl: undefined }, file)).toMatchObject({
      database: "embedded-postgres",
    });
    const credits = await withDatabase(restored, async (database) => {
      expect(database.kind).toBe("postgres");
      const found = await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, "backed_up") });
      return found?.credits;
    });
    expect(credits).toBe(12);
  });
});
