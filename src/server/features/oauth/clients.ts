/**
 * OAuth clients (decision 0169): a client_id that is an https URL is a Client ID Metadata
 * Document, read and cached here; any other was made by Dynamic Client Registration (RFC 7591)
 * at POST /oauth/register. Both are public clients (PKCE, no secret).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/connect.js";
import { oauthClients } from "../../db/schema.js";
import { badRequest } from "../../http/errors.js";
import { randomToken } from "../../lib/tokens.js";
import { clientIdUrlProblem, fetchClientMetadata, isMetadataDocumentId } from "./client-metadata-document.js";
import { CLIENT_METADATA_FRESH_MS } from "./lifetimes.js";
import { OAuthError } from "./oauth-error.js";
import { redirectUriProblem } from "./redirect-uris.js";

type ClientRegistration = "metadata-document" | "registered";

export interface OAuthClient {
  clientId: string;
  kind: ClientRegistration;
  name: string;
  redirectUris: string[];
}

const CLIENT_NAME_MAX = 100;
/** Control characters and the bidirectional overrides that could make a name read as another one. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** The client's own name as the consent page may show it: one line, no direction tricks, at most 100 characters. */
function showableName(name: string | undefined, fallback: string): string {
  const clean = (name ?? "").replace(UNSHOWABLE, "").replace(/\s+/g, " ").trim().slice(0, CLIENT_NAME_MAX);
  return clean || fallback;
}

/**
 * The client `clientId` names, its metadata document read again when the copy is stale; a 400
 * with words a person can act on when there is none (the consent page shows it, never redirects).
 */
export async function resolveClient(db: Db, clientId: string, allowLocal: boolean): Promise<OAuthClient> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  if (!isMetadataDocumentId(clientId)) {
    if (!row || row.kind !== "registered")
      throw badRequest(
        "This app is not registered with this site (unknown client_id). Start connecting again from the app.",
      );
    return { clientId, kind: "registered", name: row.name, redirectUris: row.redirectUris };
  }
  const problem = clientIdUrlProblem(clientId, allowLocal);
  if (problem) throw badRequest(`${problem}. The app must fix its client_id.`);
  const fresh = row?.fetchedAt && Date.now() - row.fetchedAt.getTime() < CLIENT_METADATA_FRESH_MS;
  if (row && fresh) return { clientId, kind: "metadata-document", name: row.name, redirectUris: row.redirectUris };
  let metadata;
  try {
    metadata = await fetchClientMetadata(clientId, allowLocal);
  } catch (err) {
    throw badRequest(`${(err as Error).message} The app must fix it before it can connect.`);
  }
  const name = showableName(metadata.name, new URL(clientId).host);
  const values = { name, redirectUris: metadata.redirectUris, fetchedAt: new Date() };
  await db
    .insert(oauthClients)
    .values({ clientId, kind: "metadata-document", ...values })
    .onConflictDoUpdate({ target: oauthClients.clientId, set: values });
  return { clientId, kind: "metadata-document", ...metadata, name };
}

/** RFC 7591's request, as far as a public client's registration goes; the rest is ignored. */
const registrationSchema = z.object({
  redirect_uris: z.array(z.string(), { error: "redirect_uris must be a list of URIs" }).min(1).max(10),
  client_name: z.string().max(1000).optional(),
  token_endpoint_auth_method: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

const GRANT_TYPES = ["authorization_code", "refresh_token"];

/** Registers a public client; the answer is RFC 7591's client information response. */
export async function registerClient(db: Db, body: unknown) {
  const parsed = registrationSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OAuthError(
      issue?.path[0] === "redirect_uris" ? "invalid_redirect_uri" : "invalid_client_metadata",
      `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`,
    );
  }
  const input = parsed.data;
  for (const uri of input.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError("invalid_redirect_uri", problem);
  }
  if (input.token_endpoint_auth_method !== undefined && input.token_endpoint_auth_method !== "none")
    throw new OAuthError(
      "invalid_client_metadata",
      "Only public clients can register here: token_endpoint_auth_method must be none (use PKCE).",
    );
  if (input.grant_types?.some((g) => !GRANT_TYPES.includes(g)))
    throw new OAuthError("invalid_client_metadata", `grant_types must be among ${GRANT_TYPES.join(", ")}`);
  if (input.response_types?.some((r) => r !== "code"))
    throw new OAuthError("invalid_client_metadata", 'response_types must be ["code"]');
  const clientId = `mcp_${randomToken(18)}`;
  const name = showableName(input.client_name, "Unnamed app");
  const [row] = await db
    .insert(oauthClients)
    .values({ clientId, kind: "registered", name, redirectUris: input.redirect_uris })
    .returning();
  return {
    client_id: clientId,
    client_id_issued_at: Math.floor(row!.createdAt.getTime() / 1000),
    client_name: name,
    redirect_uris: input.redirect_uris,
    grant_types: GRANT_TYPES,
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}
