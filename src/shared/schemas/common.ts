/** Small pieces the route contracts share (decision 0040). */
import { z } from "zod";

/** A moment as the API sends it: an ISO 8601 string in UTC (`Date.toISOString()`). */
export const isoTimestamp = z.iso.datetime().meta({ description: "ISO 8601, UTC" });

/** An answer with no body (204, 304, a redirect). */
export const noBody = z.null().meta({ description: "No body" });

/** `{ success: true }` and nothing more: the acknowledgement of a change. */
export const okSchema = z.object({ success: z.literal(true) });

/**
 * A save of prices, costs or a package that would start selling something below its vendor's cost
 * is refused unless it says this (decision 0144).
 */
export const confirmBelowCost = z
  .boolean({ error: "confirmBelowCost must be true or false" })
  .optional()
  .meta({ description: "Say true to save even though something on sale would then sell below its vendor's cost." });
