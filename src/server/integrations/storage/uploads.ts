/**
 * Reference images people upload: stored with random names (128 bits, unguessable) in a BlobStore
 * (DATA_DIR/uploads, or an S3 bucket), served back at /uploads/<name>. The type is read from the
 * file's bytes, never from its name: callers store what integrations/media/image-check.ts decoded
 * and re-encoded (decision 0090); detectImageType is only a first look at the bytes. Browser uploads are also recorded in the `uploads`
 * table (features/videos/upload-service.ts: quota, references, the sweep; decision 0034).
 * Temporary images (base64 sent to the automation API) carry a `tmp-` prefix and are deleted by
 * jobs/temporary-image-sweep.ts once older than their time to live.
 */
import crypto from "node:crypto";
import type { BlobStore } from "./blob-store.js";

export type ImageType = { ext: "jpg" | "png" | "webp"; mime: string };

export function detectImageType(buf: Buffer): ImageType | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff)
    return { ext: "jpg", mime: "image/jpeg" };
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: "png", mime: "image/png" };
  }
  if (buf.length >= 12 && buf.toString("ascii", 0, 4) === "RIFF" && buf.toString("ascii", 8, 12) === "WEBP") {
    return { ext: "webp", mime: "image/webp" };
  }
  return undefined;
}

const NAME = /^(?:tmp-)?[a-f0-9]{32}\.(jpg|png|webp)$/;
const TEMPORARY = /^tmp-[a-f0-9]{32}\.(jpg|png|webp)$/;
const MIME: Record<string, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

export class UploadStore {
  constructor(
    private readonly blobs: BlobStore,
    private readonly publicUrl: string,
  ) {}

  /** A fresh random name (128 bits); `temporary` gives the `tmp-` prefix. */
  newName(type: ImageType, opts: { temporary?: boolean } = {}): string {
    return `${opts.temporary ? "tmp-" : ""}${crypto.randomBytes(16).toString("hex")}.${type.ext}`;
  }

  urlOf(name: string): string {
    return `${this.publicUrl}/uploads/${name}`;
  }

  /** Writes the file under a name from newName(). */
  async put(name: string, buf: Buffer, type: ImageType): Promise<void> {
    if (!NAME.test(name)) throw new Error(`not an upload name: ${name}`);
    await this.blobs.put(name, buf, type.mime);
  }

  /** `temporary`: swept once older than the sweep's time to live (base64 images from the API). */
  async save(buf: Buffer, type: ImageType, opts: { temporary?: boolean } = {}): Promise<{ name: string; url: string }> {
    const name = this.newName(type, opts);
    await this.put(name, buf, type);
    return { name, url: this.urlOf(name) };
  }

  /** The name behind one of our own upload URLs (`PUBLIC_URL/uploads/<name>`), else undefined. */
  nameOf(url: string): string | undefined {
    const prefix = `${this.publicUrl}/uploads/`;
    const name = url.startsWith(prefix) ? url.slice(prefix.length) : undefined;
    return name !== undefined && NAME.test(name) ? name : undefined;
  }

  isTemporary(name: string): boolean {
    return TEMPORARY.test(name);
  }

  async exists(name: string): Promise<boolean> {
    return NAME.test(name) && (await this.blobs.exists(name));
  }

  /** Deletes temporary images last written before `cutoff`; returns their names. */
  async removeTemporaryBefore(cutoff: Date): Promise<string[]> {
    const names = (await this.blobs.listWrittenBefore("tmp-", cutoff)).filter((n) => TEMPORARY.test(n));
    for (const name of names) await this.blobs.delete(name);
    return names;
  }

  /** Deletes one stored image by name (unknown names are ignored). */
  async remove(name: string): Promise<void> {
    if (NAME.test(name)) await this.blobs.delete(name);
  }

  /** The stored file behind one of our own upload URLs, or undefined for any other URL. */
  async readByUrl(url: string): Promise<{ name: string; data: Buffer; mime: string } | undefined> {
    const name = this.nameOf(url);
    const file = name === undefined ? undefined : await this.read(name);
    return file && { name: name!, ...file };
  }

  async read(name: string): Promise<{ data: Buffer; mime: string } | undefined> {
    if (!NAME.test(name)) return undefined;
    const data = await this.blobs.get(name);
    return data && { data, mime: MIME[name.split(".")[1]!]! };
  }
}
