/**
 * Client ID Metadata Documents (the MCP 2025-11-25 revision's preferred registration): the
 * client_id is an https URL on the client's own site, and the JSON there says the client's name
 * and redirect URIs. Read with the SSRF-guarded downloader (never this machine's network, unless
 * local mode allows loopback for tests and self-hosting), no redirects, a small size limit, a
 * short timeout.
 */
import type { IncomingMessage } from "node:http";
import { z } from "zod";
import { downloadPublic } from "../../integrations/http/public-download.js";
import { redirectUriProblem } from "./redirect-uris.js";

/** The draft asks servers to accept documents of at least this size, and allows a limit. */
const MAX_DOCUMENT_BYTES = 5 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
const CLIENT_ID_URL_MAX = 2000;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

export interface ClientMetadata {
  name: string;
  redirectUris: string[];
}

/** Whether a client_id names a metadata document (a URL) rather than a registered client. */
export function isMetadataDocumentId(clientId: string): boolean {
  return clientId.startsWith("https://") || clientId.startsWith("http://");
}

/** What is wrong with `clientId` as a metadata document URL, or undefined. */
export function clientIdUrlProblem(clientId: string, allowLocal: boolean): string | undefined {
  if (clientId.length > CLIENT_ID_URL_MAX) return `client_id must be at most ${CLIENT_ID_URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return "client_id is not a valid URL";
  }
  const localHttp = allowLocal && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !localHttp) return "A client_id URL must be https";
  if (url.pathname === "/" || url.pathname === "") return "A client_id URL must have a path (the metadata document)";
  if (url.hash || clientId.includes("#")) return "A client_id URL cannot have a fragment";
  if (url.username || url.password) return "A client_id URL cannot carry a user name or password";
  // Its plain form only (no dot segments, default port, upper-case host): the document must name exactly this.
  if (url.href !== clientId) return "A client_id URL must be written in its plain form";
  return undefined;
}

const documentSchema = z.object({
  client_id: z.string(),
  client_name: z.string().max(1000).optional(),
  redirect_uris: z.array(z.string()).min(1).max(20),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

/** The client's metadata, or an Error whose message says (to the person) what is wrong with it. */
export async function fetchClientMetadata(clientId: string, allowLocal: boolean): Promise<ClientMetadata> {
  let res: IncomingMessage;
  try {
    res = await downloadPublic(clientId, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      trustedOrigins: [],
      allowLoopback: allowLocal,
      maxRedirects: 0,
    });
  } catch {
    throw new Error(`The app's metadata document at ${clientId} could not be read (no answer, or not allowed).`);
  }
  if (res.statusCode !== 200) {
    res.resume();
    throw new Error(`The app's metadata document at ${clientId} answered ${res.statusCode ?? "nothing"}, not 200.`);
  }
  const text = await readLimited(res, MAX_DOCUMENT_BYTES).catch(() => undefined);
  if (text === undefined) throw new Error(`The app's metadata document at ${clientId} is too large or was cut off.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The app's metadata document at ${clientId} is not JSON.`);
  }
  const parsed = documentSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`The app's metadata document at ${clientId} lacks client_id or redirect_uris, or has bad ones.`);
  const doc = parsed.data;
  if (doc.client_id !== clientId)
    throw new Error(`The app's metadata document names another client_id than its own URL (${clientId}).`);
  if (doc.token_endpoint_auth_method !== undefined && doc.token_endpoint_auth_method !== "none")
    throw new Error("This server takes public clients only (token_endpoint_auth_method none).");
  for (const uri of doc.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new Error(`The app's metadata document: ${problem}.`);
  }
  return { name: doc.client_name ?? "", redirectUris: doc.redirect_uris };
}

/** The body as UTF-8, refused (rejected) past `max` bytes. */
function readLimited(res: IncomingMessage, max: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        res.destroy();
        reject(new Error("too large"));
        return;
      }
      chunks.push(chunk);
    });
    res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    res.on("error", reject);
    res.on("aborted", () => reject(new Error("aborted")));
  });
}
