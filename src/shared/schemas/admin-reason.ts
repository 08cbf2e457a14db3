/**
 * Why an admin moved money (issue 38, decision 0076): required on a refund and on a change of a
 * user's credits, kept in the ledger row's description and in the audit log. Line breaks, control
 * and bidirectional-override characters become single spaces, so the reason reads as one line
 * wherever it is shown and cannot disguise the text around it.
 */
import { z } from "zod";

export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 200;

// One character class repeated, replaced globally: linear on any input.
const UNPRINTABLE_RUN = /[\s\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]+/gu;

/** The reason as it is stored: one line, single spaces, no ends of blank. */
export const tidyReason = (text: string): string => text.replace(UNPRINTABLE_RUN, " ").trim();

const TOO_SHORT = `Give a reason of at least ${ADMIN_REASON_MIN} characters`;
const TOO_LONG = `The reason must be at most ${ADMIN_REASON_MAX} characters`;

export const adminReasonSchema = z
  .string({ error: TOO_SHORT })
  .max(10_000, TOO_LONG)
  .transform(tidyReason)
  .pipe(z.string().min(ADMIN_REASON_MIN, TOO_SHORT).max(ADMIN_REASON_MAX, TOO_LONG))
  .meta({
    description: `Why (${ADMIN_REASON_MIN}-${ADMIN_REASON_MAX} characters, one line): kept in the ledger row's description and the audit log.`,
  });
