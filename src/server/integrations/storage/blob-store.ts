/**
 * Where uploaded files live: a folder on local disk (the default), or an S3-compatible bucket so
 * every server process sees the same files (docs/deploy.md). Names are flat (`<hex>.png`).
 */
import fs from "node:fs/promises";
import path from "node:path";

export interface BlobStore {
  put(name: string, data: Buffer, mime: string): Promise<void>;
  /** The file's bytes, or undefined when there is none by that name. */
  get(name: string): Promise<Buffer | undefined>;
  /** Whether a file by that name is stored, without reading it. */
  exists(name: string): Promise<boolean>;
  /** Deleting a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** Names starting with `prefix` last written before `cutoff`. */
  listWrittenBefore(prefix: string, cutoff: Date): Promise<string[]>;
}

export class DiskBlobStore implements BlobStore {
  constructor(readonly dir: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), data);
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(path.join(this.dir, name));
    } catch {
      return undefined;
    }
  }

  async exists(name: string): Promise<boolean> {
    try {
      await fs.access(path.join(this.dir, name));
      return true;
    } catch {
      return false;
    }
  }

  async delete(name: string): Promise<void> {
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  async listWrittenBefore(prefix: string, cutoff: Date): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return [];
    }
    const old: string[] = [];
    for (const name of names.filter((n) => n.startsWith(prefix))) {
      try {
        if ((await fs.stat(path.join(this.dir, name))).mtimeMs < cutoff.getTime()) old.push(name);
      } catch {
        // Gone already (another process swept it).
      }
    }
    return old;
  }
}
