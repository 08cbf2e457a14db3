/** The `Idempotency-Key` request header of the routes that start a video (decision 0046; server/http/idempotency.ts). */
import { z } from "zod";

const KEY_MESSAGE = "Idempotency-Key must be 1 to 255 printable ASCII characters";

/** The route's `headers` schema: other headers pass through untouched. */
export const idempotencyHeaders = z.looseObject({
  "idempotency-key": z
    .string()
    .regex(/^[\x20-\x7E]{1,255}$/, KEY_MESSAGE)
    .optional()
    .meta({
      description:
        "Any unique string (a UUID is a good choice). Repeating a request with the same key within 24 hours returns the first answer and never charges twice.",
    }),
});
