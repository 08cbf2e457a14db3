/**
 * The mail notices one can turn off (decision 0086): the person's choices on /my-account, and the
 * one-click unsubscribe of a notice's link (RFC 8058), which needs no sign-in.
 */
import { z } from "zod";
import { NOTICE_KINDS } from "../notices.js";

const on = (description: string) => z.boolean().meta({ description });

export const noticePreferencesSchema = z
  .object({
    videoReady: on("A video made on the web is ready (off unless turned on)."),
    videoFailed: on("A video made on the web could not be made, with the credits given back."),
    lowBalance: on("A spend took the balance below lowBalanceBelow."),
    newSignIn: on("Someone signed in to the account from a browser it had not used before."),
    lowBalanceBelow: z.number().int().min(1).meta({
      description: "The balance the low-balance notice watches: the credits.low webhook's threshold, else the default.",
    }),
    email: z.string().nullable().meta({ description: "Where mail goes." }),
    emailConfirmed: z.boolean().meta({ description: "Mail goes only to a confirmed address." }),
  })
  .meta({ id: "NoticePreferences" });
export type NoticePreferences = z.infer<typeof noticePreferencesSchema>;

/** PUT /api/user/notices: the choices to change; the others stay as they are. */
export const noticePreferencesUpdateSchema = z
  .object({
    videoReady: z.boolean().optional(),
    videoFailed: z.boolean().optional(),
    lowBalance: z.boolean().optional(),
    newSignIn: z.boolean().optional(),
  })
  .meta({ id: "NoticePreferencesUpdate" });
export type NoticePreferencesUpdate = z.infer<typeof noticePreferencesUpdateSchema>;

/**
 * A notice's unsubscribe link: the person (`u`), the notice (`k`) and their signature (`t`).
 * Checked by the route, which answers one reason for every bad link (unsubscribe_link_invalid).
 */
export const unsubscribeQuerySchema = z.object({
  u: z.string().optional().meta({ description: "The person's id." }),
  k: z
    .string()
    .optional()
    .meta({ description: `The notice: ${NOTICE_KINDS.join(", ")}.` }),
  t: z.string().optional().meta({ description: "The link's signature." }),
});

export const unsubscribedSchema = z
  .object({ kind: z.enum(NOTICE_KINDS), message: z.string() })
  .meta({ id: "Unsubscribed" });
