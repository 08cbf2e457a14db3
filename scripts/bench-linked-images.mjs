// The "Linked images" part of `npm run bench` (scripts/bench.mjs calls it; decision 0134), on
// PostgreSQL: what video requests with linked reference images do to a server while they run.
// Issue 66 §3: four requests from two new accounts with no credits, each linking 9 copies of a
// 7000×7000 noisy JPEG (Seedance 2's reference mode), took a server from 314 MB to 1.6 GB resident
// and /healthz to 0.65 s. Two loads, each on a freshly started server: the (two accounts
// with 0 credits, LOAD.requests requests at once with 9 such links each), then the same requests
// from two accounts that can pay, each linking 3 images of 24 megapixels (under the pixel cap, so
// every one is fetched and decoded). The images come from a Node HTTP server in the bench process
// on 127.0.0.1 (IMAGE_URLS_ALLOW_LOCAL). While a load runs, the server's resident set is sampled
// and /healthz and a static file are asked one after the other, again and again. Figures only;
// everything it makes (its database, a DATA_DIR, the image host, the server) is removed before it
// returns.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { rssOf, rssSampler } from "./bench-archive.mjs";

const MB = 2 ** 20;
/** What each load sends: `requests` at once, spread over `accounts` new accounts. */
export const LOAD = { accounts: 2, requests: 6 };
/** The image (9 links each, 0 credits) and the one that passes the pixel cap (3 links each, credits). */
const IMAGES = {
  poor: { side: 7000, links: 9, credits: 0 },
  paying: { side: 4900, links: 3, credits: 100_000 },
};
/** How long after the last answer the "after" figure is read. */
const SETTLE_MS = 5_000;
const PROBE_GAP_MS = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mb = (bytes) => Math.round(bytes / MB);

/**
 * Noise blurred just enough that the image, and the server's re-encoding of it (JPEG quality 92),
 * stay under the 10 MB a linked image may have: every link is fetched and decoded in full.
 */
function noisyJpeg(side) {
  return sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .blur(side > 6000 ? 2.5 : 2)
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Every `*.jpg` path answers `bytes`; `requests` counts them. */
function startImageHost(bytes) {
  const host = { requests: 0 };
  const server = http.createServer((req, res) => {
    host.requests++;
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(bytes.length) });
    res.end(bytes);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve(
        Object.assign(host, {
          url: (name) => `http://127.0.0.1:${server.address().port}/${name}.jpg`,
          close: () => {
            server.closeAllConnections();
            return new Promise((r) => server.close(r));
          },
        }),
      ),
    );
  });
}

/** One GET, its time in ms (any answer counts: a probe measures the wait, not the route). */
async function timed(url) {
  const at = performance.now();
  try {
    await (await fetch(url)).arrayBuffer();
  } catch {
    // counted by its time all the same
  }
  return performance.now() - at;
}

/**
 * deps: what bench.mjs already has (the admin connection and base URL of PostgreSQL, the built
 * server's modules, its start-up helpers, the web app's headers for a session).
 */
export async function benchLinkedImages(deps) {
  const images = {
    poor: await noisyJpeg(IMAGES.poor.side),
    paying: await noisyJpeg(IMAGES.paying.side),
  };
  const loads = [];
  for (const kind of ["poor", "paying"]) loads.push(await oneLoad(deps, kind, images[kind]));
  return { loads };
}

async function oneLoad(deps, kind, bytes) {
  const { admin, pgBase, openDatabase, schema, hashPassword, createSession, webAppHeaders } = deps;
  const { side, links, credits } = IMAGES[kind];
  const dbName = `bench_linked_${crypto.randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${dbName}`);
  const pgUrl = Object.assign(new URL(pgBase), { pathname: `/${dbName}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-linked-"));
  const host = await startImageHost(bytes);
  let database;
  let server;
  try {
    database = await openDatabase({ databaseUrl: pgUrl, dataDir });
    const password = await hashPassword("bench-pass-123");
    const accounts = [];
    for (let i = 0; i < LOAD.accounts; i++) {
      const [user] = await database.db
        .insert(schema.users)
        .values({ username: `bench_linked_${kind}_${i}`, password, credits })
        .returning();
      if (credits > 0)
        await database.db
          .insert(schema.transactions)
          .values({ userId: user.id, type: "adjustment", amount: credits, description: "bench credits" });
      const sessionToken = await createSession(database.db, user.id);
      accounts.push({ cookie: `sid=${sessionToken}`, webApp: webAppHeaders(sessionToken) });
    }
    await database.close();
    database = undefined;

    const port = await deps.freePort();
    const base = `http://127.0.0.1:${port}`;
    server = deps.startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...deps.env,
      DATABASE_URL: pgUrl,
      DATA_DIR: dataDir,
      IMAGE_URLS_ALLOW_LOCAL: "true",
    });
    await deps.waitReady(base, server);
    const pid = server.child.pid;
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`${base}/`)).text())?.[1];
    if (!asset) throw new Error("the landing page names no script");

    // Idle: the jobs' first passes are over; the median of 2 s of samples, and quiet probes.
    await sleep(3_000);
    const idleSampler = rssSampler(pid);
    const quiet = { health: [], asset: [] };
    for (let i = 0; i < 10; i++) {
      quiet.health.push(await timed(`${base}/healthz`));
      quiet.asset.push(await timed(`${base}${asset}`));
      await sleep(PROBE_GAP_MS);
    }
    const idle = median(idleSampler.stop());

    const sampler = rssSampler(pid);
    const probes = { health: [], asset: [] };
    let running = true;
    const prober = (async () => {
      while (running) {
        probes.health.push(await timed(`${base}/healthz`));
        probes.asset.push(await timed(`${base}${asset}`));
        await sleep(PROBE_GAP_MS);
      }
    })();
    const startedAt = performance.now();
    const answers = await Promise.all(
      Array.from({ length: LOAD.requests }, async (_, r) => {
        const account = accounts[r % accounts.length];
        const res = await fetch(`${base}/api/generate-video`, {
          method: "POST",
          headers: { cookie: account.cookie, "content-type": "application/json", ...account.webApp },
          body: JSON.stringify({
            prompt: `linked images ${r}`,
            model: "seedance2",
            mode: "reference",
            imageUrls: Array.from({ length: links }, (_, i) => host.url(`r${r}-${i}`)),
          }),
        });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const loadS = (performance.now() - startedAt) / 1000;
    running = false;
    await prober;
    const during = sampler.stop();
    await sleep(SETTLE_MS);
    const after = rssOf(pid);
    const statuses = {};
    for (const s of answers) statuses[s] = (statuses[s] ?? 0) + 1;
    return {
      kind,
      side,
      links,
      credits,
      imageMb: bytes.length / MB,
      statuses,
      fetched: host.requests,
      loadS,
      memory: { idleMb: mb(idle), peakMb: mb(Math.max(...during)), afterMb: mb(after) },
      health: { idleMs: median(quiet.health), p50: median(probes.health), max: Math.max(...probes.health) },
      asset: { idleMs: median(quiet.asset), p50: median(probes.asset), max: Math.max(...probes.asset) },
      probes: probes.health.length,
    };
  } finally {
    if (server) await deps.stopServer(server);
    await database?.close().catch(() => {});
    await host.close();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (x) => Math.round(x);

/** One line of the section's table. */
export function describeLoad(l) {
  const answered = Object.entries(l.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
  const who = l.credits === 0 ? "0 credits" : "credits";
  return `| ${LOAD.requests} at once from ${LOAD.accounts} accounts with ${who}, ${l.links} links each of a ${l.side}×${l.side} JPEG (${l.imageMb.toFixed(1)} MB) | ${answered} in ${l.loadS.toFixed(1)} s | ${l.fetched} | ${l.memory.idleMb} / ${l.memory.peakMb} / ${l.memory.afterMb} MB | ${ms(l.health.idleMs)} / ${ms(l.health.p50)} / ${ms(l.health.max)} | ${ms(l.asset.idleMs)} / ${ms(l.asset.p50)} / ${ms(l.asset.max)} |`;
}

/** The section of docs/benchmarks.md, in the style of the others. */
export function linkedImagesSection({ loads }, { machine }) {
  return [
    "## Linked images (PostgreSQL)",
    "",
    // BENCH_ONLY=linked-images rewrites this section alone, so it names its own machine and day.
    `Measured on ${new Date().toISOString().slice(0, 10)}: ${machine}; PostgreSQL on the same machine.`,
    "",
    "Each load on a freshly started server process (its own database and DATA_DIR): POST /api/generate-video, all requests at once, " +
      "Seedance 2 in reference mode, every link a path of its own on a Node HTTP server in the bench process on 127.0.0.1 (IMAGE_URLS_ALLOW_LOCAL) " +
      "answering the same noisy JPEG from memory. While the requests run, /healthz and the landing page's script are asked one after the other " +
      `with ${PROBE_GAP_MS} ms between rounds. Memory is the server's resident set (VmRSS): idle is the median of 2 s before the load, peak the highest ` +
      `sample (every 200 ms) while it runs, after ${SETTLE_MS / 1000} s after the last answer. Times in ms: idle median / median while loaded / worst. ` +
      "The issue's load (issue 66 §3) is the first line.",
    "",
    "| load | answers | images fetched | memory idle / peak / after | /healthz | static file |",
    "|---|---|---:|---:|---:|---:|",
    ...loads.map(describeLoad),
    "",
  ];
}
