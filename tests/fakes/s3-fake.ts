/**
 * A local fake of the S3 object API over real HTTP, path-style (`/<bucket>/<key>`): PUT, GET, HEAD
 * and DELETE objects, and ListObjectsV2 (`GET /<bucket>?list-type=2&prefix=`). Every request must be
 * signed with AWS Signature V4 for the expected access key and region, in its headers or, for a
 * presigned URL, in its query (checked by shape and expiry, not by recomputing the signature);
 * others get 403. A presigned GET honours `response-content-disposition`. `down` answers 503 to everything.
 */
import http from "node:http";

interface S3FakeObject {
  data: Buffer;
  contentType: string | undefined;
  lastModified: Date;
}

export interface S3Fake {
  url: string;
  bucket: string;
  objects: Map<string, S3FakeObject>;
  down: boolean;
  close(): Promise<void>;
}

const SIGNATURE =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;

export async function startS3Fake(opts: { bucket: string; accessKeyId: string; region: string }): Promise<S3Fake> {
  const objects = new Map<string, S3FakeObject>();
  const fake: S3Fake = { url: "", bucket: opts.bucket, objects, down: false, close: async () => {} };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const send = (status: number, body = "", type = "application/xml") => {
        res.writeHead(status, { "content-type": type });
        res.end(body);
      };
      if (fake.down) return send(503, "<Error><Code>SlowDown</Code></Error>");
      const url = new URL(req.url ?? "/", "http://fake");
      const presigned = url.searchParams.has("X-Amz-Signature");
      if (presigned ? !validPresigned(url.searchParams, opts) : !validSignedHeaders(req, opts)) {
        return send(403, `<Error><Code>${presigned ? "AccessDenied" : "SignatureDoesNotMatch"}</Code></Error>`);
      }
      const [, bucket, ...rest] = url.pathname.split("/");
      if (bucket !== opts.bucket) return send(404, "<Error><Code>NoSuchBucket</Code></Error>");
      const key = rest.map(decodeURIComponent).join("/");
      if (!key && req.method === "GET" && url.searchParams.get("list-type") === "2") {
        const prefix = url.searchParams.get("prefix") ?? "";
        const contents = [...objects.entries()]
          .filter(([k]) => k.startsWith(prefix))
          .map(
            ([k, o]) =>
              `<Contents><Key>${k}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><Size>${o.data.length}</Size></Contents>`,
          )
          .join("");
        return send(
          200,
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
      }
      if (req.method === "PUT") {
        objects.set(key, {
          data: Buffer.concat(chunks),
          contentType: req.headers["content-type"],
          lastModified: new Date(),
        });
        return send(200, "");
      }
      const found = objects.get(key);
      if (req.method === "HEAD") {
        res.writeHead(
          found ? 200 : 404,
          found
            ? { "content-type": found.contentType ?? "application/octet-stream", "content-length": found.data.length }
            : {},
        );
        return res.end();
      }
      if (req.method === "GET") {
        if (!found) return send(404, "<Error><Code>NoSuchKey</Code></Error>");
        const disposition = presigned ? url.searchParams.get("response-content-disposition") : null;
        res.writeHead(200, {
          "content-type": found.contentType ?? "application/octet-stream",
          ...(disposition ? { "content-disposition": disposition } : {}),
        });
        return res.end(found.data);
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        return send(204, "");
      }
      return send(405, "<Error><Code>MethodNotAllowed</Code></Error>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

/** A request signed in its headers: the expected key and region, with host and x-amz-date among the signed headers. */
function validSignedHeaders(req: http.IncomingMessage, opts: { accessKeyId: string; region: string }): boolean {
  const auth = SIGNATURE.exec(req.headers.authorization ?? "");
  const signed = auth?.[4]?.split(";") ?? [];
  return Boolean(
    auth &&
    auth[1] === opts.accessKeyId &&
    auth[3] === opts.region &&
    signed.includes("host") &&
    signed.includes("x-amz-date") &&
    req.headers["x-amz-date"],
  );
}

/** A presigned URL's query: the expected key and region, a signature, and not past X-Amz-Date + X-Amz-Expires. */
function validPresigned(q: URLSearchParams, opts: { accessKeyId: string; region: string }): boolean {
  const credential = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/.exec(q.get("X-Amz-Credential") ?? "");
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(q.get("X-Amz-Date") ?? "");
  const expires = Number(q.get("X-Amz-Expires"));
  if (!credential || credential[1] !== opts.accessKeyId || credential[3] !== opts.region || !date || !(expires > 0))
    return false;
  if (q.get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256" || !/^[0-9a-f]{64}$/.test(q.get("X-Amz-Signature") ?? ""))
    return false;
  const [y, mo, d, h, mi, sec] = date.slice(1).map(Number);
  return Date.UTC(y!, mo! - 1, d, h, mi, sec) + expires * 1000 >= Date.now();
}
