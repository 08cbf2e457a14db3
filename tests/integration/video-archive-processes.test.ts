/**
 * Keeping every video (decision 0043) across real server processes on one PostgreSQL database and
 * one DATA_DIR: two processes with workers on copy each finished file exactly once (row leases,
 * FOR UPDATE SKIP LOCKED), and a process killed with SIGKILL mid-copy leaves no half file under a
 * served name; once its lease has run out another process copies the file whole, and the stale
 * temporary file is swept. The provider is a simulator behind a small proxy in this test process
 * (KIE_BASE_URL, so its origin is trusted) that counts and paces file downloads. PostgreSQL only.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/connect.js";
import { transactions, users, videoFiles, videoTasks } from "../../src/server/db/schema.js";
import { CLIPS_DIR } from "../../src/server/simulator/clips.js";
import { startKieSimulator, type StandaloneKieSimulator } from "../../src/server/simulator/index.js";
import { HttpClient, startServerProcess, type ServerProcess } from "../helpers/server-process.js";
import { createTestDatabase, usingPostgres } from "../helpers/test-db.js";
import { sleep } from "../helpers/video-app.js";

/** The files a kept video leaves in the store: its copy, and its preview frame when one was taken. */
const blobsOf = (rows: { blobName: string | null; posterBlobName: string | null }[]) =>
  rows.flatMap((r) => [r.blobName, r.posterBlobName]).filter((n): n is string => n !== null);

const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/** A large MP4 for the kill test: a real clip followed by 8 MiB of noise (the copy checks only the start). */
const BIG = Buffer.concat([
  fs.readFileSync(path.join(CLIPS_DIR, "sample-1-9x16-720p.mp4")),
  crypto.randomBytes(8 * 1024 * 1024),
]);

/** The provider as the servers see it: the simulator behind this proxy, plus one large file at /big.mp4. */
interface Provider {
  url: string;
  /** GET requests per result file (`/files/<taskId>/<clip>.mp4`). */
  fileGets: Map<string, number>;
  /** How long each result file's answer is held back, so a copy is in flight across the other process's passes. */
  fileDelayMs: number;
  /** Slow: /big.mp4 trickles out its first quarter, then stalls (never completes); otherwise it is sent at once. */
  big: { slow: boolean; gets: number; sent: number };
  close(): Promise<void>;
}

async function startProvider(uploadDir: string): Promise<{ provider: Provider; sim: StandaloneKieSimulator }> {
  let simPort = 0;
  const open = new Set<http.ServerResponse>();
  const provider: Provider = {
    url: "",
    fileGets: new Map(),
    fileDelayMs: 0,
    big: { slow: false, gets: 0, sent: 0 },
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    if (url === "/big.mp4") return void serveBig(res);
    const isFile = req.method === "GET" && /^\/files\/[^/]+\/[^/]+\.mp4$/.test(url);
    if (isFile) provider.fileGets.set(url, (provider.fileGets.get(url) ?? 0) + 1);
    setTimeout(
      () => {
        const upstream = http.request(
          { host: "127.0.0.1", port: simPort, method: req.method, path: url, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on("error", () => res.destroy());
        req.pipe(upstream);
      },
      isFile ? provider.fileDelayMs : 0,
    );
  });
  function serveBig(res: http.ServerResponse) {
    provider.big.gets++;
    provider.big.sent = 0;
    res.writeHead(200, { "content-type": "video/mp4", "content-length": BIG.length });
    if (!provider.big.slow) return res.end(BIG);
    open.add(res);
    const timer = setInterval(() => {
      if (provider.big.sent >= BIG.length / 4) return;
      res.write(BIG.subarray(provider.big.sent, provider.big.sent + 64 * 1024));
      provider.big.sent = Math.min(BIG.length, provider.big.sent + 64 * 1024);
    }, 50);
    res.on("close", () => {
      clearInterval(timer);
      open.delete(res);
    });
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  provider.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // Result links point at the proxy, so every file download passes through it.
  const sim = await startKieSimulator({
    delayMs: 100,
    hdDelayMs: 100,
    uploadDir,
    publicBaseUrl: provider.url,
  });
  simPort = Number(new URL(sim.baseUrl).port);
  provider.close = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { provider, sim };
}

/** Polls `check` until it gives a value, failing after `timeoutMs` with what the servers wrote to stderr. */
async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  servers: ServerProcess[],
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${what}\n${servers.map((s) => s.stderr()).join("\n")}`);
    await sleep(100);
  }
}

/** The OS process id of a server from startServerProcess (a child of this process; the helper keeps its handle). */
function pidOf(server: ServerProcess): number {
  for (const entry of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "latin1");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== process.pid) continue;
      if (fs.readFileSync(`/proc/${entry}/environ`, "latin1").split("\0").includes(`PUBLIC_URL=${server.url}`))
        return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`no child process serves ${server.url}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A signed-in user holding `credits` (written through the ledger). */
async function newUser(base: string, database: Database, credits: number) {
  const username = `arch_${Math.random().toString(36).slice(2, 10)}`;
  const client = new HttpClient();
  const reg = await client.request(base, "POST", "/api/auth/register", { username, password: "password123" });
  expect(reg.status).toBe(201);
  if (!client.cookie)
    expect((await client.request(base, "POST", "/api/auth/login", { username, password: "password123" })).status).toBe(
      200,
    );
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  await database.db.transaction(async (tx) => {
    // Past the fair-use default of 5 videos being made at once (decision 0093).
    await tx.update(users).set({ credits, maxVideosInFlight: 1000 }).where(eq(users.id, row!.id));
    await tx
      .insert(transactions)
      .values({ userId: row!.id, type: "adjustment", amount: credits, description: "test credits" });
  });
  return { id: row!.id, client };
}

async function getMedia(base: string, url: string, cookie: string) {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  return { status: res.status, type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
}

describe.runIf(usingPostgres)("archiving videos with several server processes", () => {
  let provider: Provider;
  let sim: StandaloneKieSimulator;
  const servers: ServerProcess[] = [];
  const databases: Database[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), "veo-sim-")));
    ({ provider, sim } = await startProvider(dirs[0]!));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await provider?.close();
    await sim?.close();
    for (const d of databases) await d.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function setUp(): Promise<{
    database: Database & { url?: string };
    env: Record<string, string>;
    dataDir: string;
  }> {
    const database = await createTestDatabase();
    databases.push(database);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-archive-"));
    dirs.push(dataDir);
    const env = {
      DATABASE_URL: database.url!,
      // One store for every process: archived videos live in DATA_DIR/videos.
      DATA_DIR: dataDir,
      SECRETS_KEY: "archive-processes-share-this-secret-key-0123456789",
      KIE_API_KEY: "archive-process-kie-key",
      KIE_BASE_URL: provider.url,
      KIE_UPLOAD_BASE_URL: provider.url,
    };
    return { database, env, dataDir };
  }

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  }

  it("two processes on one store copy each file once, and either serves it to the owner", async () => {
    const { database, env, dataDir } = await setUp();
    const [a, b] = await Promise.all([start(env), start(env)]);
    const db = database.db;
    provider.fileDelayMs = 800;

    // Queued files wait (a column default of this throwaway database) until all twelve are queued;
    // then they fall due together while the test holds their rows for longer than an archive
    // interval (2 s), so both processes' claims meet the same rows at the same moment: claiming
    // without FOR UPDATE SKIP LOCKED, both would take them when the rows are let go.
    await db.execute(sql`alter table video_files alter column next_attempt_at set default 'infinity'`);

    const owner = await newUser(a.url, database, 6);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        owner.client.request(i % 2 ? b.url : a.url, "POST", "/api/generate-video", {
          prompt: `a kept video ${i}`,
          model: "veo3_fast",
          aspectRatio: "16:9",
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const taskIds = answers.map((r) => r.json.taskId as string);

    await waitFor(
      "every video finished with its 1080p and both files queued",
      async () => {
        const tasks = await db.select().from(videoTasks).where(inArray(videoTasks.taskId, taskIds));
        const files = await db.select().from(videoFiles);
        return tasks.every((t) => t.status === "completed" && t.hdStatus === "ready") && files.length === 12
          ? true
          : undefined;
      },
      [a, b],
    );
    expect(
      (await db.select().from(videoFiles)).every(
        (f) => f.status === "pending" && f.leaseUntil === null && f.attempts === 0,
      ),
    ).toBe(true);
    await db.execute(sql`alter table video_files alter column next_attempt_at set default now()`);
    await db.execute(sql`update video_files set next_attempt_at = now() + interval '1 second'`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from video_files for update`);
      await sleep(4_500);
    });

    const files = await waitFor(
      "every file archived",
      async () => {
        const rows = await db.select().from(videoFiles);
        return rows.every((f) => f.status === "archived") ? rows : undefined;
      },
      [a, b],
    );

    // Each file was fetched from the provider once, and nothing else was.
    expect(new Set(files.map((f) => new URL(f.sourceUrl).pathname))).toEqual(new Set(provider.fileGets.keys()));
    expect([...provider.fileGets.values()]).toEqual(Array(12).fill(1));

    // One whole blob per file (its name the file id and the copy's own suffix) and its preview frame,
    // nothing left in the temporary folder.
    const videosDir = path.join(dataDir, "videos");
    expect(
      fs
        .readdirSync(videosDir)
        .filter((n) => n !== ".partial")
        .sort(),
    ).toEqual(blobsOf(files).sort());
    expect(fs.readdirSync(path.join(videosDir, ".partial"))).toEqual([]);
    for (const f of files) {
      const source = fs.readFileSync(path.join(CLIPS_DIR, path.basename(new URL(f.sourceUrl).pathname)));
      expect(f.blobName).toMatch(new RegExp(`^${f.id}\\.[0-9a-f]{12}\\.mp4$`));
      const stored = fs.readFileSync(path.join(videosDir, f.blobName!));
      expect(f).toMatchObject({
        attempts: 0,
        lastError: null,
        leaseUntil: null,
        sizeBytes: source.length,
        sha256: sha256(source),
      });
      expect(sha256(stored)).toBe(f.sha256);
    }

    // The tasks' URLs are ours, and either process serves them to the owner.
    const tasks = await db.select().from(videoTasks).where(inArray(videoTasks.taskId, taskIds));
    for (const t of tasks) {
      const mine = files.filter((f) => f.videoTaskId === t.id);
      expect(t.resultUrls).toEqual([`/media/videos/${mine.find((f) => f.quality === "720p")!.id}.mp4`]);
      expect(t.hdVideoUrl).toBe(`/media/videos/${mine.find((f) => f.quality === "1080p")!.id}.mp4`);
      for (const [server, url] of [
        [a, t.resultUrls![0]!],
        [b, t.hdVideoUrl!],
      ] as const) {
        const got = await getMedia(server.url, url, owner.client.cookie!);
        expect(got.status).toBe(200);
        expect(got.type).toBe("video/mp4");
        expect(sha256(got.body)).toBe(mine.find((f) => url.includes(f.id))!.sha256);
      }
    }
    await Promise.all([a.stop(), b.stop()]);
  }, 180_000);

  it("a process killed mid-copy leaves no served file; after its lease another copies the file whole and sweeps the stale temporary file", async () => {
    const { database, env, dataDir } = await setUp();
    const db = database.db;
    const videosDir = path.join(dataDir, "videos");
    const tempDir = path.join(videosDir, ".partial");
    provider.big.slow = true;
    const killed = await start(env);
    const owner = await newUser(killed.url, database, 0);
    const sourceUrl = `${provider.url}/big.mp4`;
    // A finished video whose provider file is large and slow; the database queues its copy.
    const [task] = await db
      .insert(videoTasks)
      .values({
        userId: owner.id,
        taskId: `big_${crypto.randomUUID()}`,
        prompt: "p",
        model: "veo3_fast",
        aspectRatio: "9:16",
        status: "completed",
        resultUrls: [sourceUrl],
      })
      .returning();
    const [file] = await db.select().from(videoFiles).where(eq(videoFiles.videoTaskId, task!.id));

    // Mid-copy: part of the file is in the temporary folder, the provider has not sent it all.
    const partial = await waitFor(
      "the copy to be under way",
      async () => {
        const names = fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : [];
        const size = names.length === 1 ? fs.statSync(path.join(tempDir, names[0]!)).size : 0;
        return size >= 512 * 1024 ? path.join(tempDir, names[0]!) : undefined;
      },
      [killed],
    );
    const pid = pidOf(killed);
    process.kill(pid, "SIGKILL");
    await waitFor("the process to die", async () => (alive(pid) ? undefined : true), [killed], 10_000);
    expect(provider.big).toMatchObject({ gets: 1 });
    expect(provider.big.sent).toBeLessThan(BIG.length);

    // Nothing in the store, the row still pending and leased, the task still the provider's link.
    expect(fs.readdirSync(videosDir).filter((n) => n !== ".partial")).toEqual([]);
    const [held] = await db.select().from(videoFiles).where(eq(videoFiles.id, file!.id));
    expect(held).toMatchObject({ status: "pending", attempts: 0, blobName: null });
    expect(held!.leaseUntil!.getTime()).toBeGreaterThan(Date.now());

    // The killed process's temporary file is older than two leases by the time the next one looks.
    const stale = new Date(Date.now() - 3 * 60 * 60_000);
    fs.utimesSync(partial, stale, stale);
    const next = await start(env);
    await waitFor(
      "the sweep to remove the stale temporary file",
      async () => (fs.existsSync(partial) ? undefined : true),
      [next],
    );
    // One more stale file, swept by the next pass: the pass that swept the first has tried its claim.
    const marker = path.join(tempDir, "marker.partial");
    fs.writeFileSync(marker, "");
    fs.utimesSync(marker, stale, stale);
    // While the lease holds, the new process leaves the file alone.
    await waitFor(
      "another archive pass",
      async () => {
        if (provider.big.gets > 1)
          throw new Error("the new process fetched the file while the killed one's lease held");
        return fs.existsSync(marker) ? undefined : true;
      },
      [next],
    );
    expect(provider.big.gets).toBe(1);
    expect((await db.select().from(videoFiles).where(eq(videoFiles.id, file!.id)))[0]).toMatchObject({
      status: "pending",
      attempts: 0,
    });
    const list = await owner.client.request(next.url, "GET", "/api/video-tasks?page=1&limit=10");
    expect(
      (list.json.tasks as Array<{ taskId: string; resultUrls: string[] }>).find((t) => t.taskId === task!.taskId)!
        .resultUrls,
    ).toEqual([sourceUrl]);
    expect((await getMedia(next.url, `/media/videos/${file!.id}.mp4`, owner.client.cookie!)).status).toBe(404);

    // This stands for the killed process's lease (10 minutes) running out.
    provider.big.slow = false;
    await db.execute(sql`update video_files set lease_until = now() - interval '1 second' where id = ${file!.id}`);
    const done = await waitFor(
      "the new process to copy the file",
      async () => {
        const [row] = await db.select().from(videoFiles).where(eq(videoFiles.id, file!.id));
        return row!.status === "archived" ? row : undefined;
      },
      [next],
    );
    expect(done).toMatchObject({ attempts: 0, sizeBytes: BIG.length, sha256: sha256(BIG) });
    expect(provider.big.gets).toBe(2);
    expect(fs.readdirSync(videosDir).filter((n) => n !== ".partial")).toEqual(blobsOf([done]).sort());
    expect(sha256(fs.readFileSync(path.join(videosDir, done.blobName!)))).toBe(sha256(BIG));
    expect(fs.readdirSync(tempDir)).toEqual([]);
    const served = await getMedia(next.url, `/media/videos/${file!.id}.mp4`, owner.client.cookie!);
    expect(served.status).toBe(200);
    expect(served.type).toBe("video/mp4");
    expect(sha256(served.body)).toBe(sha256(BIG));
  }, 180_000);
});
