// One endpoint that never answers (issue 36, decision 0062), part of the "Webhooks" bench section
// (scripts/bench-webhooks.mjs calls it on each database): with STUCK_QUEUED deliveries waiting for
// an endpoint that accepts connections and never answers, how long another person's delivery
// takes to arrive with the sender's loop running (its default options: a 10 s timeout), beside
// the same measure with nothing else queued. Figures only.
// Alone, on PGlite, from the sources: `npx tsx scripts/bench-webhook-fairness.mjs` (prints JSON; a
// few seconds, or about 2 minutes with a sender that lets the stuck endpoint hold every lane).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const STUCK_QUEUED = 200;
/** Bob's delivery is waited for at most this long (today's sender needs about 130 s). */
const GIVE_UP_MS = 300_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An HTTP receiver in this process answering 200 at once; `arrivals` holds when each came. */
async function startReceiver() {
  const arrivals = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      arrivals.push(performance.now());
      res.writeHead(200).end("ok");
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    arrivals,
    close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))),
  };
}

/** Accepts connections and never answers; close() ends every one of them. */
async function startBlackhole() {
  const sockets = new Set();
  const hole = { connections: 0 };
  const server = net.createServer((socket) => {
    hole.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  hole.url = `http://127.0.0.1:${server.address().port}`;
  hole.close = () =>
    new Promise((r) => {
      for (const s of sockets) s.destroy();
      server.close(r);
    });
  return hole;
}

/**
 * mods: { schema, WebhookSender, DEFAULT_WEBHOOK_OPTIONS, createSecretBox, newWebhookSecret } from
 * the built server (or the sources); db: a fresh database.
 */
export async function benchStuckEndpoint(db, mods) {
  const { schema, WebhookSender, DEFAULT_WEBHOOK_OPTIONS, createSecretBox, newWebhookSecret } = mods;
  const secretBox = createSecretBox(crypto.randomBytes(32));
  const receiver = await startReceiver();
  const hole = await startBlackhole();
  const person = async (name, url) => {
    const [user] = await db
      .insert(schema.users)
      .values({ username: `${name}_${crypto.randomBytes(3).toString("hex")}`, password: "x", credits: 0 })
      .returning();
    const [endpoint] = await db
      .insert(schema.webhookEndpoints)
      .values({
        userId: user.id,
        url,
        eventTypes: ["video.completed"],
        secretEncrypted: secretBox.encrypt(newWebhookSecret()),
      })
      .returning();
    return { userId: user.id, endpointId: endpoint.id, host: new URL(url).hostname };
  };
  /** `n` test events for the person's endpoint, due now (as POST .../test writes them). */
  const queue = async (who, n) => {
    const now = new Date();
    const ids = Array.from({ length: n }, () => `msg_${crypto.randomUUID().replaceAll("-", "")}`);
    await db
      .insert(schema.webhookEvents)
      .values(ids.map((id) => ({ id, userId: who.userId, type: "webhook.test", createdAt: now, fannedOutAt: now })));
    // The host column is the fair sender's (migration 0022); the bench runs on the one before it too.
    const host = "host" in schema.webhookDeliveries ? { host: who.host } : {};
    await db.insert(schema.webhookDeliveries).values(
      ids.map((id) => ({
        eventId: id,
        endpointId: who.endpointId,
        payload: JSON.stringify({ id, type: "webhook.test" }),
        nextAttemptAt: now,
        ...host,
      })),
    );
  };
  const render = () => Promise.reject(new Error("test events only"));
  const sender = new WebhookSender(
    { db, secretBox, renderTaskStatus: render },
    { ...DEFAULT_WEBHOOK_OPTIONS, allowLocal: true },
  );
  const bob = await person("bench_bob", `${receiver.url}/bob`);
  const alice = await person("bench_alice", `${hole.url}/alice`);
  /** From Bob's event being written (and the sender woken, as the route does) to its arrival. */
  const bobsWait = async () => {
    const before = receiver.arrivals.length;
    const sentAt = performance.now();
    await queue(bob, 1);
    sender.wake();
    while (receiver.arrivals.length === before && performance.now() - sentAt < GIVE_UP_MS) await sleep(2);
    return receiver.arrivals.length > before ? receiver.arrivals[before] - sentAt : Infinity;
  };
  try {
    sender.start();
    await sleep(200);
    await bobsWait(); // warm-up, not counted
    const baselineMs = await bobsWait();
    await queue(alice, STUCK_QUEUED);
    sender.wake();
    while (hole.connections === 0) await sleep(5);
    const stuckMs = await bobsWait();
    const stuckConnections = hole.connections;
    return {
      queued: STUCK_QUEUED,
      timeoutMs: DEFAULT_WEBHOOK_OPTIONS.timeoutMs,
      baselineMs,
      stuckMs,
      stuckConnections,
    };
  } finally {
    // Ends the tries it holds, so the sender's pass ends.
    await hole.close();
    await sender.stop();
    await receiver.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const src = (p) => pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/server", p)).href;
  const { openDatabase } = await import(src("db/connect.ts"));
  const schema = await import(src("db/schema.ts"));
  const { WebhookSender, DEFAULT_WEBHOOK_OPTIONS } = await import(src("jobs/webhook-sender.ts"));
  const { createSecretBox } = await import(src("lib/secret-box.ts"));
  const { newWebhookSecret } = await import(src("features/webhooks/signature.ts"));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "veo-bench-fairness-"));
  const database = await openDatabase({ databaseUrl: undefined, dataDir, embeddedDatabase: "pglite" });
  try {
    console.log(
      JSON.stringify(
        await benchStuckEndpoint(database.db, {
          schema,
          WebhookSender,
          DEFAULT_WEBHOOK_OPTIONS,
          createSecretBox,
          newWebhookSecret,
        }),
      ),
    );
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
