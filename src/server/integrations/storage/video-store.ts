/**
 * Where archived videos live (decision 0043): `DATA_DIR/videos` on one machine, or the S3 bucket
 * (under `<S3_PREFIX>videos/`) when S3 is set. A copy is first written whole to a temporary file,
 * then moved into place in one step (a rename on disk, one PUT in the bucket), so a crash never
 * leaves a half file under a served name.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { S3Error, s3ObjectUrl, type S3Settings } from "./s3-blob-store.js";

export interface VideoStore {
  /** Where temporary copies are written (on the same disk as the store, so moving is a rename). */
  readonly tempDir: string;
  /** The folder the files are in when they are on this machine's disk (else they are in the bucket). */
  readonly localDir: string | undefined;
  /**
   * Moves a complete temporary file into the store under `name`; the temporary file is gone after.
   * A video unless `contentType` says otherwise (a video's frame is stored beside it, decision 0083).
   */
  putFile(tempPath: string, name: string, size: number, contentType?: string): Promise<void>;
  /** Deleting a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** How a reader gets the file: from a folder on this machine, or a presigned bucket URL. */
  locate(
    name: string,
    opts: { expiresInSeconds: number; downloadName?: string },
  ): Promise<{ dir: string } | { url: string }>;
}

export class DiskVideoStore implements VideoStore {
  readonly tempDir: string;

  constructor(readonly localDir: string) {
    this.tempDir = path.join(localDir, ".partial");
  }

  async putFile(tempPath: string, name: string): Promise<void> {
    await fsp.mkdir(this.localDir, { recursive: true });
    await fsp.rename(tempPath, path.join(this.localDir, name));
  }

  async delete(name: string): Promise<void> {
    await fsp.rm(path.join(this.localDir, name), { force: true });
  }

  async locate(): Promise<{ dir: string }> {
    return { dir: this.localDir };
  }
}

export class S3VideoStore implements VideoStore {
  readonly localDir = undefined;
  private readonly client: AwsClient;

  constructor(
    private readonly s3: S3Settings,
    readonly tempDir: string,
  ) {
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      service: "s3",
      region: s3.region,
      retries: 2,
    });
  }

  async putFile(tempPath: string, name: string, size: number, contentType = "video/mp4"): Promise<void> {
    try {
      const body = Readable.toWeb(fs.createReadStream(tempPath)) as ReadableStream<Uint8Array>;
      const res = await this.client.fetch(this.objectUrl(name), {
        method: "PUT",
        body,
        headers: { "content-type": contentType, "content-length": String(size) },
        signal: AbortSignal.timeout(10 * 60_000),
      });
      if (!res.ok) throw new S3Error(`S3 PUT ${name} failed: ${res.status}`);
    } finally {
      await fsp.rm(tempPath, { force: true });
    }
  }

  async delete(name: string): Promise<void> {
    const res = await this.client.fetch(this.objectUrl(name), {
      method: "DELETE",
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok && res.status !== 404) throw new S3Error(`S3 DELETE ${name} failed: ${res.status}`);
  }

  async locate(name: string, opts: { expiresInSeconds: number; downloadName?: string }): Promise<{ url: string }> {
    const url = new URL(this.objectUrl(name));
    url.searchParams.set("X-Amz-Expires", String(opts.expiresInSeconds));
    if (opts.downloadName)
      url.searchParams.set("response-content-disposition", `attachment; filename="${opts.downloadName}"`);
    const signed = await this.client.sign(url.toString(), { method: "GET", aws: { signQuery: true } });
    return { url: signed.url };
  }

  private objectUrl(name: string): string {
    return s3ObjectUrl(this.s3, `videos/${name}`);
  }
}
