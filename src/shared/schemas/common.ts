/** Small pieces the route contracts share (decision 0040). */
import { z } from "zod";

/** A moment as the API sends it: an ISO 8601 string in UTC (`Date.toISOString()`). */
export const isoTimestamp = z.iso.datetime().meta({ description: "ISO 8601, UTC" });

/** An answer with no body (204, 304, a redirect). */
export const noBody = z.null().meta({ description: "No body" });

/** `{ success: true }` and nothing more: the acknowledgement of a change. */
export const okSchema = z.object({ success: z.literal(true) });
