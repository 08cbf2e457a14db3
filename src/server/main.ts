/** Process entry: config -> database -> app -> listen -> background jobs. */
import path from "node:path";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { databaseDeps } from "./services.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { openDatabase } from "./db/connect.js";
import { ensureAdminAccount } from "./features/auth/service.js";
import { ensureSettingsRow } from "./features/settings/service.js";
import { findWebDir } from "./http/static-spa.js";
import { loadSecretBox } from "./lib/secret-box.js";
import { createLogger } from "./logger.js";

// Under load most garbage is request state that lived through a few young collections; V8 would
// let the old space grow to 4x the live heap before compacting it. 1.5x keeps a busy process well
// under 200 MB for the same throughput (docs/benchmarks.md). It bounds growth, not the heap.
v8.setFlagsFromString("--heap-growing-percent=50");

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  const database = await openDatabase(config);
  logger.info({ database: database.kind, dataDir: config.dataDir }, "database ready");
  await ensureSettingsRow(database.db);
  const secretBox = loadSecretBox(config);
  if (config.admin) {
    const outcome = await ensureAdminAccount(database.db, config.admin);
    logger.info({ username: config.admin.username, outcome }, "admin account from ADMIN_USERNAME");
  }
  const webDir = findWebDir(path.dirname(fileURLToPath(import.meta.url)));
  const app = await buildApp({ config, ...databaseDeps(database), secretBox, logger, webDir });
  if (!webDir) logger.warn("dist/web not found: serving the API only (run `npm run build` for the web app)");

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

  await app.listen({ port: config.port, host: config.host });
  // Background jobs start once the process serves (their callbacks reach it); app.close() stops them.
  if (config.backgroundWorkers) app.jobs.start();
  logger.info(`ready at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
