/** Process entry: config -> "starting" answers -> database (migrations) -> app -> listen -> background jobs. */
import http from "node:http";
import path from "node:path";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { databaseDeps } from "./services.js";
import { loadConfig, type Config } from "./config.js";
import { openDatabase, type Database } from "./db/connect.js";
import { ensureAdminAccount } from "./features/auth/service.js";
import { removeSecondFactorsOf } from "./features/second-factor/recovery.js";
import { ensureSettingsRow } from "./features/settings/service.js";
import { adoptBonusLabels } from "./features/packages/bonus-labels.js";
import { findWebDir } from "./http/static-spa.js";
import { loadSecretBox } from "./lib/secret-box.js";
import type { Logger } from "pino";
import { createLogger } from "./logger.js";
import { startupFailureMessage } from "./startup-failure.js";

// Under load most garbage is request state that lived through a few young collections; V8 would
// let the old space grow to 4x the live heap before compacting it. 1.5x keeps a busy process well
// under 200 MB for the same throughput (docs/benchmarks.md). It bounds growth, not the heap.
v8.setFlagsFromString("--heap-growing-percent=50");

const STARTING = "Starting: the database is being prepared (migrations). Try again in a moment.";

/**
 * Until the app listens (migrations may take a while, or wait for another process's), the port
 * answers every request with 503 "starting", so a load balancer's /readyz and /healthz hear
 * "not ready" rather than a refused connection (decision 0058). A port that cannot be had stops
 * start-up here, before the database starts. Returns the way to close it.
 */
async function answerStarting(config: Config): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    res.writeHead(503, { "content-type": "application/json; charset=utf-8", "retry-after": "5" });
    const body = req.url?.startsWith("/readyz") ? { ready: false } : { ok: false };
    res.end(JSON.stringify({ ...body, message: STARTING, code: "service_unavailable" }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/** The settings, once read: what a start-up failure is told of. */
let config: Config | undefined;

interface Running {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
}

/** The database, what start-up puts in it, and the app; the database closed again if any of it fails. */
async function prepare(config: Config, logger: Logger): Promise<Running> {
  const database = await openDatabase({ ...config, warn: (message) => logger.warn(message) });
  try {
    logger.info({ database: database.kind, embedded: database.embedded, dataDir: config.dataDir }, "database ready");
    await ensureSettingsRow(database.db);
    const adopted = await adoptBonusLabels(database.db);
    if (adopted > 0) logger.info({ packages: adopted }, "bonus labels became bonus credits (decision 0075)");
    const secretBox = loadSecretBox(config);
    if (config.admin) {
      const outcome = await ensureAdminAccount(database.db, config.admin);
      logger.info({ username: config.admin.username, outcome }, "admin account from ADMIN_USERNAME");
      if (config.admin.removeSecondFactor) {
        const removed = await removeSecondFactorsOf(database.db, config.admin.username);
        logger.warn(
          { username: config.admin.username, removed },
          "second factors removed (ADMIN_REMOVE_SECOND_FACTOR)",
        );
      }
    }
    const webDir = findWebDir(path.dirname(fileURLToPath(import.meta.url)));
    const app = await buildApp({ config, ...databaseDeps(database), secretBox, logger, webDir });
    if (!webDir) logger.warn("dist/web not found: serving the API only (run `npm run build` for the web app)");
    return { app, database };
  } catch (err) {
    // Nothing left running: the embedded database stopped, DATA_DIR given up.
    await database.close().catch(() => {});
    throw err;
  }
}

async function main(): Promise<void> {
  config = loadConfig();
  const logger = createLogger(config);
  const stopAnsweringStarting = await answerStarting(config);
  let running: Running;
  try {
    running = await prepare(config, logger);
  } finally {
    await stopAnsweringStarting();
  }
  const { app, database } = running;
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // Background jobs start once the process serves (their callbacks reach it); app.close() stops them.
  if (config.backgroundWorkers) app.jobs.start();
  logger.info(`ready at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  // What is wrong and what to do, in a line or two; where it happened at LOG_LEVEL=debug.
  console.error(startupFailureMessage(err, { ...config }));
  if (config?.logLevel === "debug" || config?.logLevel === "trace") console.error(err);
  process.exit(1);
});
