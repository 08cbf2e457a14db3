/**
 * A mapping's check with the vendor's own model lookup (decision 0173). Google: the Gemini API's
 * models.get (GET {baseUrl}/models/{id}): 200 is ok, 404 is gone ("is no longer available"),
 * anything else an error that says nothing about the id. KIE documents no model lookup (its
 * per-model schema endpoint is named only in a skill, kie-2026.md): its mappings read "unchecked".
 */
import { HttpError, requestJson, USER_AGENT } from "../../integrations/http/json-request.js";
import { asRecord, asText } from "../../integrations/kie/parse.js";
import type { Vendor } from "../../../shared/catalogue.js";
import type { VendorModelCheckStatus } from "../../../shared/schemas/admin-vendor-models.js";
import { withoutTrailingSlashes } from "../../../shared/trim.js";

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

const KIE_UNCHECKED = "KIE documents no model lookup: this id is not checked (a failed video will show it)";

export async function checkVendorModel(
  vendor: Vendor,
  vendorModelId: string,
  google: GoogleLookup | undefined,
): Promise<CheckResult> {
  if (vendor === "kie") return { status: "unchecked", message: KIE_UNCHECKED };
  if (!google) return { status: "unchecked", message: "No Google key to check this id with" };
  const url = `${withoutTrailingSlashes(google.baseUrl)}/models/${vendorModelId}`;
  try {
    await requestJson(url, {
      headers: { "x-goog-api-key": google.apiKey, "user-agent": USER_AGENT },
      timeoutMs: google.timeoutMs,
    });
    return { status: "ok", message: null };
  } catch (err) {
    if (err instanceof HttpError && err.kind === "status" && err.status === 404)
      return { status: "gone", message: `Google: ${vendorModelId} is no longer available` };
    const said = err instanceof HttpError ? asText(asRecord(asRecord(err.body)?.error)?.message) : undefined;
    const what = err instanceof HttpError && err.status ? `HTTP ${err.status}` : "no answer";
    return {
      status: "error",
      message: `Google: ${vendorModelId} could not be checked (${what}${said ? `: ${said.slice(0, 200)}` : ""})`,
    };
  }
}
