/**
 * `npm run backup [-- file]` and `npm run restore -- file` (docs/operations.md): DATA_DIR and
 * DATABASE_URL come from the same settings as the server's.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../config.js";
import { backup, BackupError, restore } from "./backup.js";

const POSTGRES_NOTE =
  'DATABASE_URL is set: this file holds DATA_DIR\'s files only. Back up PostgreSQL itself with pg_dump (pg_dump -Fc "$DATABASE_URL" > veo.dump; pg_restore -d <empty database> veo.dump) or, better, continuous archiving for point-in-time recovery (docs/operations.md).';

export async function runBackupCli(command: "backup" | "restore", args: string[]): Promise<number> {
  try {
    const config = loadConfig();
    const where = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
    if (command === "backup") {
      const file = args[0] ?? `veo-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.tar`;
      const manifest = await backup(where, file);
      console.log(
        `Backed up ${manifest.database !== "postgres" ? "the embedded database and " : ""}DATA_DIR (${config.dataDir}) to ${path.resolve(file)}.`,
      );
      console.log(
        "It holds the secrets key (DATA_DIR/secrets.key) unless SECRETS_KEY is set: keep it as safe as the key itself.",
      );
      if (manifest.database === "postgres") console.log(POSTGRES_NOTE);
      return 0;
    }
    const file = args[0];
    if (!file) throw new BackupError("Name the backup file: npm run restore -- <file>");
    const manifest = await restore(where, file);
    console.log(
      `Restored ${file} into ${config.dataDir}${manifest.database !== "postgres" ? ", database included" : ""}. Start the server with this DATA_DIR.`,
    );
    if (manifest.database === "postgres") console.log(POSTGRES_NOTE);
    return 0;
  } catch (err) {
    if (err instanceof BackupError || err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}
