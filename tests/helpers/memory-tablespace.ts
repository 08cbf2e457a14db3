/**
 * A PostgreSQL tablespace in memory (/dev/shm) for the run's test databases, when the server runs on
 * this machine and this process may hand it a folder (decision 0123). Copying the migrated template
 * (about 550 files) and dropping the copy cost a fraction in memory of what they did on the
 * machine's ext4 disk: the integration files on PostgreSQL used a sixth less CPU. Anything that does not allow it (another
 * machine's server, no superuser, no /dev/shm, a folder this user cannot give away) leaves the
 * databases where the server keeps its own: the tests run the same either way.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { withPgClient } from "./pg-admin.js";

export interface MemoryTablespace {
  /** The tablespace's name, for `create database … tablespace <name>`. */
  name: string;
  /** Drops what is left in the tablespace (databases a test did not drop), then it and its folder. */
  drop(): Promise<void>;
}

const MEMORY_FOLDER = "/dev/shm";

/** The tablespace, or undefined where the server or this machine does not allow one. */
export async function createMemoryTablespace(adminUrl: string): Promise<MemoryTablespace | undefined> {
  if (!fs.existsSync(MEMORY_FOLDER)) return undefined;
  return withPgClient(adminUrl, async (client) => {
    const { rows } = await client.query<{ superuser: boolean; data_directory: string | null }>(
      `select rolsuper as superuser,
              case when rolsuper then current_setting('data_directory') end as data_directory
         from pg_roles where rolname = current_user`,
    );
    const dataDirectory = rows[0]?.superuser ? rows[0].data_directory : null;
    if (!dataDirectory) return undefined;
    // The server's data folder seen from here says it runs on this machine, and as whom.
    let owner: fs.Stats;
    try {
      owner = fs.statSync(dataDirectory);
    } catch {
      return undefined;
    }
    const folder = fs.mkdtempSync(path.join(MEMORY_FOLDER, "veo-test-pg-"));
    const name = `veo_test_${crypto.randomBytes(6).toString("hex")}`;
    try {
      fs.chownSync(folder, owner.uid, owner.gid);
      await client.query(`create tablespace ${name} location '${folder}'`);
    } catch {
      fs.rmSync(folder, { recursive: true, force: true });
      return undefined;
    }
    return {
      name,
      drop: () =>
        withPgClient(adminUrl, async (admin) => {
          const left = await admin.query<{ datname: string }>(
            `select datname from pg_database d join pg_tablespace t on t.oid = d.dattablespace where t.spcname = $1`,
            [name],
          );
          for (const { datname } of left.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
          await admin.query(`drop tablespace if exists ${name}`);
        }).finally(() => fs.rmSync(folder, { recursive: true, force: true })),
    };
  });
}
