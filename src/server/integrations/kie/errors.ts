import { VendorError, type VendorErrorKind } from "../video/errors.js";

/** What can go wrong with a KIE call: the vendor-neutral kinds (video/errors.ts). */
export type KieErrorKind = VendorErrorKind;

/** KIE's answer to a model it does not know (or no longer sells): the Market's 422 "model is not supported". */
const RETIRED_MODEL = /model is not supported|model .*(does not exist|not found|offline|deprecated)/i;

export class KieError extends VendorError {
  constructor(kind: KieErrorKind, message: string, code?: number, data?: unknown, certainlyNotTaken = true) {
    super(kind, message, code, data, certainlyNotTaken);
    this.name = "KieError";
  }
}

/** Maps KIE's business code (in the body) to a kind; `msg` disambiguates the overloaded ones. */
export function kindOfCode(code: number, msg: string): KieErrorKind {
  if (/insufficient|top up/i.test(msg)) return "insufficient_credits";
  if (RETIRED_MODEL.test(msg)) return "model_retired";
  switch (code) {
    case 401:
    case 403:
      return "unauthorized";
    case 402:
      return "insufficient_credits";
    case 429:
      return "rate_limited";
    case 433:
      return "key_limited";
    case 400:
    case 413:
    case 422:
    case 451:
      // "record is null" (Veo API), "recordInfo is null" (Market).
      return /record(info)? is null|not found/i.test(msg) ? "not_found" : "rejected";
    case 404:
      return "not_found";
    // 408: no result upstream for 10 minutes; 455: maintenance; 505: the feature is switched off.
    case 408:
    case 455:
    case 505:
    case 500:
    case 502:
    case 503:
    case 504:
      return "unavailable";
    // 501 "Generation Failed", and anything new.
    default:
      return "failed";
  }
}

/** Maps a non-2xx HTTP status (KIE normally answers 200 with a code in the body). */
export function kindOfHttpStatus(status: number, msg: string): KieErrorKind {
  // Out-of-credit answers have been seen with 429 as well as 402; the message tells them apart.
  if (/insufficient|top up/i.test(msg)) return "insufficient_credits";
  if (RETIRED_MODEL.test(msg)) return "model_retired";
  if (status === 429) return "rate_limited";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 402) return "insufficient_credits";
  if (status === 404) return "not_found";
  if (status >= 500) return "unavailable";
  return "rejected";
}
