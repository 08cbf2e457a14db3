/**
 * Uploaded files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, ...), signed with
 * AWS Signature V4 (aws4fetch). Objects are `<prefix><name>`; listing uses ListObjectsV2, `exists` a HEAD.
 */
import { AwsClient } from "aws4fetch";
import { AppError } from "../../http/errors.js";
import type { BlobStore } from "./blob-store.js";

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix inside the bucket, e.g. "uploads/". */
  prefix: string;
  /** `endpoint/bucket/key` (MinIO and most compatibles) instead of `bucket.endpoint/key`. */
  pathStyle: boolean;
  timeoutMs?: number;
}

const STORAGE_UNAVAILABLE = "Image storage is unavailable right now. Please try again in a minute.";

/** The bucket failed or could not be reached: a 503 for whoever asked, the detail for the logs. */
export class S3Error extends AppError {
  constructor(readonly detail: string) {
    super("service_unavailable", STORAGE_UNAVAILABLE, { headers: { "retry-after": "60" } });
  }
}

/** The bucket's URL: `endpoint/bucket` (path style) or `bucket.endpoint`. */
function s3BucketUrl(s3: S3Settings): string {
  const endpoint = new URL(s3.endpoint);
  if (s3.pathStyle) return `${endpoint.origin}/${s3.bucket}`;
  return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}

/** The URL of the object `<prefix><name>`, each path segment encoded. */
export function s3ObjectUrl(s3: S3Settings, name: string): string {
  return `${s3BucketUrl(s3)}/${`${s3.prefix}${name}`.split("/").map(encodeURIComponent).join("/")}`;
}

export class S3BlobStore implements BlobStore {
  private readonly client: AwsClient;

  constructor(private readonly s3: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      service: "s3",
      region: s3.region,
      retries: 2,
    });
  }

  async put(name: string, data: Buffer, mime: string): Promise<void> {
    const res = await this.send(this.objectUrl(name), { method: "PUT", body: data, headers: { "content-type": mime } });
    if (!res.ok) throw new S3Error(`S3 PUT ${name} failed: ${res.status}`);
  }

  async get(name: string): Promise<Buffer | undefined> {
    const res = await this.send(this.objectUrl(name), { method: "GET" });
    if (res.status === 404) return undefined;
    if (!res.ok) throw new S3Error(`S3 GET ${name} failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async exists(name: string): Promise<boolean> {
    const res = await this.send(this.objectUrl(name), { method: "HEAD" });
    if (res.status === 404) return false;
    if (!res.ok) throw new S3Error(`S3 HEAD ${name} failed: ${res.status}`);
    return true;
  }

  async delete(name: string): Promise<void> {
    const res = await this.send(this.objectUrl(name), { method: "DELETE" });
    if (!res.ok && res.status !== 404) throw new S3Error(`S3 DELETE ${name} failed: ${res.status}`);
  }

  async listWrittenBefore(prefix: string, cutoff: Date): Promise<string[]> {
    const old: string[] = [];
    let token: string | undefined;
    do {
      const url = new URL(this.bucketUrl());
      url.searchParams.set("list-type", "2");
      url.searchParams.set("prefix", `${this.s3.prefix}${prefix}`);
      if (token) url.searchParams.set("continuation-token", token);
      const res = await this.send(url.toString(), { method: "GET" });
      if (!res.ok) throw new S3Error(`S3 list failed: ${res.status}`);
      const xml = await res.text();
      for (const [, body] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = unescapeXml(/<Key>([\s\S]*?)<\/Key>/.exec(body!)?.[1] ?? "");
        const modified = Date.parse(/<LastModified>([\s\S]*?)<\/LastModified>/.exec(body!)?.[1] ?? "");
        if (key.startsWith(this.s3.prefix) && modified < cutoff.getTime()) old.push(key.slice(this.s3.prefix.length));
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? unescapeXml(/<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "")
        : undefined;
    } while (token);
    return old;
  }

  private bucketUrl(): string {
    return s3BucketUrl(this.s3);
  }

  private objectUrl(name: string): string {
    return s3ObjectUrl(this.s3, name);
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.client.fetch(url, { ...init, signal: AbortSignal.timeout(this.s3.timeoutMs ?? 15_000) });
    } catch (err) {
      throw new S3Error(`S3 unreachable: ${(err as Error).message}`);
    }
  }
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
