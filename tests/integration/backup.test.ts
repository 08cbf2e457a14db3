/**
 * npm run backup / npm run restore on the embedded database (issue 25, decision 0059): a backup
 * of an installation restored into an empty data folder brings back its accounts, balances,
 * videos (rows and kept files), uploads and settings, secrets included; a running server's
 * database, a non-empty target and a file that is no backup are refused with what to do. The
 * file and what it restores are readable by their owner only, whatever the umask (issue 36).
 * The embedded database only: the PostgreSQL pass skips it, since it would run the same again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../../src/server/db/connect.js";
import { videoTasks } from "../../src/server/db/schema.js";
import { readSettingsFromDatabase, updateSettings } from "../../src/server/features/settings/service.js";
import { loadSecretBox } from "../../src/server/lib/secret-box.js";
import { backup, BackupError, exposedBackupWarning, restore } from "../../src/server/ops/backup.js";
import { runningServer, SERVER_PID_FILE } from "../../src/server/db/server-pid.js";
import { startServerProcess } from "../helpers/server-process.js";
import { Client, createTestApp } from "../helpers/test-app.js";
import { usingPostgres } from "../helpers/test-db.js";
import {
  balanceOf,
  createVideoTestApp,
  randomPng,
  runWorkerUntil,
  taskRow,
  uploadImage,
  userWithCredits,
} from "../helpers/video-app.js";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "veo-backup-test-"));
const original = path.join(scratch, "original");
const restored = path.join(scratch, "restored");
const file = path.join(scratch, "backup.tar");
const PASSWORD = "password123";

let username: string;
let userId: string;
let taskId: string;
let uploadName: string;
/** The balance left after the video: a fresh data folder charges the catalogue's default price. */
let creditsLeft: number;

beforeAll(async () => {
  // An installation: an account with credits, a finished video kept on disk, an upload, a secret setting.
  const database = await openPglite(original);
  const secretBox = loadSecretBox({ secretsKey: undefined, dataDir: original });
  const t = await createVideoTestApp({ database, secretBox, env: { DATA_DIR: original } });
  const u = await userWithCredits(t.app, database.db, 10);
  ({ username, id: userId } = u);
  const started = await u.client.post("/api/generate-video", { prompt: "a paper boat on a canal", model: "veo3_fast" });
  expect(started.statusCode, started.body).toBeLessThan(300);
  taskId = started.json<{ taskId: string }>().taskId;
  creditsLeft = 10 - started.json<{ creditsUsed: number }>().creditsUsed;
  await runWorkerUntil(t, async () => (await taskRow(database.db, taskId)).status === "completed");
  await t.app.jobs.videoArchiver.runOnce();
  const upload = await uploadImage(t.app, u.client.sessionCookie, randomPng(), "ref.png");
  expect(upload.statusCode, upload.body).toBe(201);
  uploadName = path.basename(new URL(upload.json<{ imageUrl: string }>().imageUrl).pathname);
  await updateSettings(database.db, secretBox, { telegramBotToken: "123456:restore-me", telegramChatId: "-100200300" });
  await t.close();
  await database.close();
}, 120_000);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(usingPostgres)("backup and restore", () => {
  it("refuses a database a running server is writing, and says to stop it", async () => {
    fs.writeFileSync(path.join(original, SERVER_PID_FILE), String(process.pid));
    await expect(backup({ dataDir: original, databaseUrl: undefined }, file)).rejects.toThrow(
      /is running .* Stop it, run the backup, then start it again/,
    );
    expect(fs.existsSync(file)).toBe(false);
    // A pid file left by a process that died does not count.
    fs.writeFileSync(path.join(original, SERVER_PID_FILE), "999999999");
  });

  it("brings back accounts, balances, videos, uploads and settings into an empty data folder", async () => {
    expect(await backup({ dataDir: original, databaseUrl: undefined }, file)).toMatchObject({
      format: 1,
      database: "embedded",
    });
    await expect(backup({ dataDir: original, databaseUrl: undefined }, file)).rejects.toThrow(/already exists/);
    expect(await restore({ dataDir: restored, databaseUrl: undefined }, file)).toMatchObject({ database: "embedded" });
    expect(fs.existsSync(path.join(restored, SERVER_PID_FILE))).toBe(false);

    const database = await openPglite(restored);
    const secretBox = loadSecretBox({ secretsKey: undefined, dataDir: restored });
    const t = await createTestApp({ database, secretBox, env: { DATA_DIR: restored } });
    try {
      const client = new Client(t.app);
      expect((await client.post("/api/auth/login", { username, password: PASSWORD })).statusCode).toBe(200);
      expect(await balanceOf(database.db, userId)).toEqual({ credits: creditsLeft, ledger: creditsLeft });
      const [video] = await database.db.select().from(videoTasks).where(eq(videoTasks.taskId, taskId));
      expect(video).toMatchObject({ status: "completed", userId });
      // The kept copy plays from the restored folder.
      const kept = video!.resultUrls![0]!;
      expect(kept).toMatch(/^\/media\/videos\//);
      const played = await client.get(kept);
      expect(played.statusCode).toBe(200);
      expect(played.headers["content-type"]).toBe("video/mp4");
      expect(fs.existsSync(path.join(restored, "uploads", uploadName))).toBe(true);
      expect(await readSettingsFromDatabase(database.db, secretBox)).toMatchObject({
        telegramBotToken: "123456:restore-me",
        telegramChatId: "-100200300",
      });
    } finally {
      await t.close();
      await database.close();
    }
  }, 120_000);

  it("knows a real server is running on the folder, until it stops", async () => {
    const dataDir = path.join(scratch, "served");
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(runningServer(dataDir)).toBeGreaterThan(0);
      await expect(backup({ dataDir, databaseUrl: undefined }, path.join(scratch, "served.tar"))).rejects.toThrow(
        /Stop it/,
      );
    } finally {
      await server.stop();
    }
    expect(fs.existsSync(path.join(dataDir, SERVER_PID_FILE))).toBe(false);
    expect(await backup({ dataDir, databaseUrl: undefined }, path.join(scratch, "served.tar"))).toMatchObject({
      database: "embedded",
    });
  }, 240_000);

  it("restores only into an empty folder, and only a backup", async () => {
    await expect(restore({ dataDir: restored, databaseUrl: undefined }, file)).rejects.toThrow(
      /is not empty: restore into an empty folder/,
    );
    const notBackup = path.join(scratch, "not-a-backup.tar");
    fs.writeFileSync(notBackup, Buffer.alloc(1024), { mode: 0o600 });
    await expect(
      restore({ dataDir: path.join(scratch, "elsewhere"), databaseUrl: undefined }, notBackup),
    ).rejects.toBeInstanceOf(BackupError);
    await expect(restore({ dataDir: path.join(scratch, "pg"), databaseUrl: "postgres://x/y" }, file)).rejects.toThrow(
      /unset DATABASE_URL/,
    );
  });
});

describe.skipIf(usingPostgres)("who can read a backup (issue 36, decision 0064)", () => {
  /** Every file and folder under `dir` (itself included) with a group or others bit. */
  function openToOthers(dir: string): string[] {
    const found = (fs.statSync(dir).mode & 0o077) === 0 ? [] : [dir];
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const where = path.join(entry.parentPath, entry.name);
      if ((fs.lstatSync(where).mode & 0o077) !== 0) found.push(where);
    }
    return found;
  }

  it("is written 0600 under a permissive umask, and restores the key 0600 and nothing open to others", async () => {
    const umask = process.umask(0o022);
    try {
      // As an old DATA_DIR may be: a key and an upload readable by anyone.
      fs.chmodSync(path.join(original, "secrets.key"), 0o644);
      fs.chmodSync(path.join(original, "uploads", uploadName), 0o644);
      const privateFile = path.join(scratch, "private", "backup.tar");
      await backup({ dataDir: original, databaseUrl: undefined }, privateFile);
      expect(fs.statSync(privateFile).mode & 0o777).toBe(0o600);
      expect(exposedBackupWarning(privateFile)).toBeUndefined();

      const warnings: string[] = [];
      const into = path.join(scratch, "restored-private");
      await restore({ dataDir: into, databaseUrl: undefined }, privateFile, (m) => warnings.push(m));
      expect(warnings).toEqual([]);
      expect(fs.statSync(path.join(into, "secrets.key")).mode & 0o777).toBe(0o600);
      expect(fs.existsSync(path.join(into, "uploads", uploadName))).toBe(true);
      // PGlite writes its own files with the umask's modes; its folder closes them to others.
      expect(openToOthers(into).filter((p) => !p.startsWith(path.join(into, "pglite", path.sep)))).toEqual([]);
    } finally {
      process.umask(umask);
      fs.chmodSync(path.join(original, "secrets.key"), 0o600);
    }
  }, 120_000);

  it("warns when the backup it reads is readable by others, and still restores it", async () => {
    const exposed = path.join(scratch, "exposed.tar");
    await backup({ dataDir: original, databaseUrl: undefined }, exposed);
    fs.chmodSync(exposed, 0o644);
    const warnings: string[] = [];
    await restore({ dataDir: path.join(scratch, "restored-exposed"), databaseUrl: undefined }, exposed, (m) =>
      warnings.push(m),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/readable by other users \(mode 0644\).*chmod 600/);
    expect(fs.statSync(path.join(scratch, "restored-exposed", "secrets.key")).mode & 0o777).toBe(0o600);
  });
});
