/**
 * A mapping's check with the vendor's own model lookup (decision 0173). Google: the Gemini API's
 * models.get (GET {baseUrl}/models/{id}): 200 is ok, 404 is gone ("is no longer available"),
 * anything else an error that says nothing about the id. KIE documents no model lookup (its
 * per-model schema endpoint is named only in a skill, kie-2026.md): its mappings read "unchecked".
 * Vertex AI (decision 0177): its publisher model lookup, GET {baseUrl}/publishers/google/models/{id}
 * with a service account's bearer token, read the same way.
 */
import { HttpError, requestJson, USER_AGENT } from "../../integrations/http/json-request.js";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import type { Vendor } from "../../../shared/catalogue.js";
import type { VendorModelCheckStatus } from "../../../shared/schemas/admin-vendor-models.js";
import { withoutTrailingSlashes } from "../../../shared/trim.js";
import { VendorError } from "../../integrations/video/errors.js";

export interface CheckResult {
  status: VendorModelCheckStatus;
  message: string | null;
}

/** Where and with which key Google's models are looked up; undefined without a Google key. */
export interface GoogleLookup {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** Where Vertex's publisher models are looked up, and a bearer token for it; undefined without a Vertex key. */
export interface VertexLookup {
  baseUrl: string;
  timeoutMs: number;
  token(): Promise<string>;
}

const KIE_UNCHECKED = "KIE documents no model lookup: this id is not checked (a failed video will show it)";

export async function checkVendorModel(
  vendor: Vendor,
  vendorModelId: string,
  google: GoogleLookup | undefined,
  vertex?: VertexLookup,
): Promise<CheckResult> {
  if (vendor === "kie") return { status: "unchecked", message: KIE_UNCHECKED };
  if (vendor === "vertex") return checkVertexModel(vendorModelId, vertex);
  if (!google) return { status: "unchecked", message: "No Google key to check this id with" };
  const url = `${withoutTrailingSlashes(google.baseUrl)}/models/${vendorModelId}`;
  try {
    await requestJson(url, {
      headers: { "x-goog-api-key": google.apiKey, "user-agent": USER_AGENT },
      timeoutMs: google.timeoutMs,
    });
    return { status: "ok", message: null };
  } catch (err) {
    return failedCheck("Google", vendorModelId, err);
  }
}

async function checkVertexModel(vendorModelId: string, vertex: VertexLookup | undefined): Promise<CheckResult> {
  if (!vertex) return { status: "unchecked", message: "No Vertex AI service account to check this id with" };
  const url = `${withoutTrailingSlashes(vertex.baseUrl)}/publishers/google/models/${encodeURIComponent(vendorModelId)}`;
  try {
    const token = await vertex.token();
    await requestJson(url, {
      headers: { authorization: `Bearer ${token}`, "user-agent": USER_AGENT },
      timeoutMs: vertex.timeoutMs,
    });
    return { status: "ok", message: null };
  } catch (err) {
    // The token exchange's own failure (a refused key) says nothing about the id.
    if (err instanceof VendorError)
      return { status: "error", message: `Vertex AI: ${vendorModelId} could not be checked (${err.message})` };
    return failedCheck("Vertex AI", vendorModelId, err);
  }
}

/** 404: the id is gone; anything else says nothing about it. */
function failedCheck(vendor: string, vendorModelId: string, err: unknown): CheckResult {
  if (err instanceof HttpError && err.kind === "status" && err.status === 404)
    return { status: "gone", message: `${vendor}: ${vendorModelId} is no longer available` };
  const said = err instanceof HttpError ? asText(asRecord(asRecord(err.body)?.error)?.message) : undefined;
  const what = err instanceof HttpError && err.status ? `HTTP ${err.status}` : "no answer";
  return {
    status: "error",
    message: `${vendor}: ${vendorModelId} could not be checked (${what}${said ? `: ${said.slice(0, 200)}` : ""})`,
  };
}
