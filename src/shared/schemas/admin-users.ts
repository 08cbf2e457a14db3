import { z } from "zod";
import { VENDORS } from "../model-description.js";
import { userModerationSchema } from "./moderation.js";
import { adminReasonSchema } from "./admin-reason.js";
import { paymentDisputeViewSchema, paymentOrderStateSchema, paymentReversalViewSchema } from "./admin-payments.js";
import { isoTimestamp } from "./common.js";
import { inFlightLimit } from "./settings.js";
import { signInStandingSchema } from "./sign-in-standing.js";
import { subscriptionViewSchema } from "./plans.js";

/** How an admin changes a balance: by a number of credits up or down, or to a new balance. */
const CREDIT_CHANGES = ["add", "subtract", "set"] as const;
export type CreditChange = (typeof CREDIT_CHANGES)[number];

/** The highest balance an admin can give (the column is a 32-bit integer). */
export const MAX_BALANCE = 1_000_000_000;

/** A whole number of credits, from a number or a form's digit string. */
const wholeCredits = (field: string) => {
  const message = `${field} must be a whole number from 0 to 1,000,000,000`;
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: message }).int(message).min(0, message).max(MAX_BALANCE, message));
};

/**
 * PUT /api/admin/users/{userId}/credits (decision 0076): add, subtract or set, with a reason, and
 * the balance the admin saw: a balance that changed since is refused (409), never overwritten.
 */
export const changeCreditsSchema = z
  .object({
    change: z
      .enum(CREDIT_CHANGES, { error: `change must be one of: ${CREDIT_CHANGES.join(", ")}` })
      .meta({ description: "add or subtract `amount` credits, or set the balance to `amount`." }),
    amount: wholeCredits("amount"),
    reason: adminReasonSchema,
    expectedCredits: wholeCredits("expectedCredits").meta({
      description:
        "The balance the admin saw. If the balance is no longer this, nothing changes and the answer is 409.",
    }),
  })
  .refine((b) => b.change === "set" || b.amount > 0, {
    message: "Add or subtract at least 1 credit",
    path: ["amount"],
  });
export type ChangeCreditsInput = z.output<typeof changeCreditsSchema>;

/** PUT /api/admin/users/{userId}/in-flight-limit (decision 0093): the person's own limit, or null for the default. */
export const inFlightLimitSchema = z.object({
  maxVideosInFlight: inFlightLimit("maxVideosInFlight")
    .nullable()
    .meta({ description: "Videos this person may have being made at once; null: the default in the settings." }),
});

/** PUT /api/admin/users/{userId}/toggle */
export const toggleUserSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
});

/**
 * The user in the path of /api/admin/users/{userId}/...: any text here; a malformed id names no
 * user, so the route answers it 404 (not 400), before reading the body.
 */
export const adminUserParams = z.object({ userId: z.string().meta({ description: "The user's id (a UUID)." }) });

/** Empty strings mean "not set": a form that sends `status=` filters nothing. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: `${field} must be one of: ${values.join(", ")}` }).optional());

export const ADMIN_USERS_DEFAULT_LIMIT = 50;
const ADMIN_USERS_MAX_LIMIT = 200;
export const ADMIN_USER_SORTS = ["newest", "credits", "videos"] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
const BAD_LIMIT = `limit must be a whole number from 1 to ${ADMIN_USERS_MAX_LIMIT}`;

/** The filters of the user list and of its CSV export (decision 0052). */
export const adminUserFiltersSchema = z.object({
  q: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "q must be text" })
      .trim()
      .max(100, "The search must be at most 100 characters")
      .optional()
      .meta({ description: "Part of a username or e-mail address, any case." }),
  ),
  status: oneOf("status", ["active", "disabled", "deleted"] as const).meta({
    description: "disabled: turned off by an admin; deleted: deleted by its owner (decision 0087).",
  }),
  role: oneOf("role", ["admin", "user"] as const),
  apiTokens: oneOf("apiTokens", ["with", "without"] as const),
  payments: oneOf("payments", ["problems"] as const).meta({
    description: "problems: only users who owe credits for a refunded payment or have a payment under dispute.",
  }),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(ADMIN_USER_SORTS, { error: `sort must be one of: ${ADMIN_USER_SORTS.join(", ")}` }).default("newest"),
  ),
});
export type AdminUserFilters = z.output<typeof adminUserFiltersSchema>;

/** GET /api/admin/users: the filters, a page size and the cursor from the previous page's Link header. */
export const adminUserListQuerySchema = adminUserFiltersSchema.extend({
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: BAD_LIMIT })
      .int(BAD_LIMIT)
      .min(1, BAD_LIMIT)
      .max(ADMIN_USERS_MAX_LIMIT, BAD_LIMIT)
      .default(ADMIN_USERS_DEFAULT_LIMIT),
  ),
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "cursor must be text" })
      .max(200, "cursor is not one this server gave")
      .optional()
      .meta({ description: "Where the page starts: copied from the previous answer's Link header (rel=next)." }),
  ),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

// ---- Answers (decision 0040) ----

/** A row of GET /api/admin/users. */
const adminUserViewSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    credits: z.number().int(),
    isAdmin: z.boolean(),
    isActive: z.boolean(),
    createdAt: isoTimestamp,
    videoCount: z.number().int().meta({ description: "Videos the user has made (rows still kept)." }),
    creditsOwed: z.number().int().min(0).meta({
      description: "Credits owed for a payment refunded or charged back after they were spent (decision 0084).",
    }),
    disputeOpen: z.boolean().meta({ description: "A payment of theirs is under dispute (chargeback), undecided." }),
    deletedAt: isoTimestamp.nullable().meta({
      description:
        "When its owner deleted the account (decision 0087): the row stays for the ledger, without name or e-mail.",
    }),
  })
  .meta({ id: "AdminUser" });
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

/**
 * GET /api/admin/users: one page of users, in the order asked for. The body stays the array it has
 * always been; `X-Total-Count` says how many match and `Link: <...>; rel="next"` where the next page is.
 */
export const adminUserListSchema = z.array(adminUserViewSchema);

/** PUT /api/admin/users/{userId}/toggle and /credits: the user as it is now. */
export const adminUserSavedSchema = z
  .object({ message: z.string(), user: adminUserViewSchema })
  .meta({ id: "AdminUserSaved" });

/** A session of the user on their page: where and with what it signed in; the cookie itself is never known. */
const adminUserSessionSchema = z.object({
  id: z.string().meta({ description: "A short public name of the session (not its cookie)." }),
  createdAt: isoTimestamp,
  expiresAt: isoTimestamp,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** A payment order of the user (Creem or PayPal), with its refunds and disputes (decision 0084). */
const adminUserOrderSchema = paymentOrderStateSchema.extend({
  credits: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: isoTimestamp,
  completedAt: isoTimestamp.nullable(),
  disputes: z.array(paymentDisputeViewSchema).meta({ description: "Oldest first." }),
  reversals: z.array(paymentReversalViewSchema).meta({ description: "Refunds and lost chargebacks, oldest first." }),
});

/** An API token on the user's page: masked as on their own /api page. */
const adminUserTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  token: z.string().meta({ description: "Masked: the first and last 8 characters." }),
  createdAt: isoTimestamp,
  lastUsed: isoTimestamp.nullable(),
});

/** GET /api/admin/users/{userId}: the user's page. */
export const adminUserDetailSchema = adminUserViewSchema
  .extend({
    emailVerified: z.boolean(),
    googleLinked: z.boolean(),
    apiTokens: z.array(adminUserTokenSchema),
    sessions: z.array(adminUserSessionSchema).meta({ description: "Sessions not yet expired, newest first." }),
    paymentOrders: z.array(adminUserOrderSchema).meta({ description: "The newest 50." }),
    paymentOrderCount: z.number().int(),
    moderation: userModerationSchema.meta({ description: "Prompts refused in the last 24 hours (decision 0089)." }),
    inFlight: z
      .object({
        now: z.number().int().meta({ description: "Videos of theirs being made now." }),
        own: z.number().int().nullable().meta({ description: "Their own limit; null: the default applies." }),
        default: z.number().int().meta({ description: "The default in the settings." }),
      })
      .meta({ description: "Videos at once (decision 0093): how many now, and the limit." }),
    signIn: signInStandingSchema.meta({
      description: "Whether they can sign in, and every reason that refuses or limits it (decision 0146).",
    }),
    plan: subscriptionViewSchema.nullable().meta({ description: "Their live plan (issue 69); null: none." }),
  })
  .meta({ id: "AdminUserDetail" });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const ADMIN_USER_VIDEOS_LIMIT = 20;
const BAD_VIDEO_PAGE = "page must be a whole number from 1 to 100000";

/** GET /api/admin/users/{userId}/videos */
export const adminUserVideosQuerySchema = z.object({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: BAD_VIDEO_PAGE })
      .int(BAD_VIDEO_PAGE)
      .min(1, BAD_VIDEO_PAGE)
      .max(100_000, BAD_VIDEO_PAGE)
      .default(1),
  ),
});

/** One of the user's videos as the admin sees it, deleted ones included; links are signed for a day. */
const adminUserVideoSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  prompt: z.string(),
  model: z.string(),
  mode: z.string(),
  aspectRatio: z.string(),
  status: z.enum(["generating", "pending", "completed", "failed"]),
  hdStatus: z.string(),
  uhdStatus: z.string(),
  creditsUsed: z.number().int(),
  refunded: z.boolean(),
  createdVia: z.enum(["web", "api"]),
  /** Who made it (decision 0175): KIE, or Google when KIE was down. */
  vendor: z.enum(VENDORS),
  errorMessage: z.string().nullable(),
  videoExpired: z.boolean(),
  createdAt: isoTimestamp,
  completedAt: isoTimestamp.nullable(),
  deletedAt: isoTimestamp.nullable(),
  videoUrl: z.string().nullable(),
  hdVideoUrl: z.string().nullable(),
  uhdVideoUrl: z.string().nullable(),
});
export type AdminUserVideo = z.infer<typeof adminUserVideoSchema>;

export const adminUserVideosPageSchema = z
  .object({ data: z.array(adminUserVideoSchema), total: z.number().int() })
  .meta({ id: "AdminUserVideos" });
export type AdminUserVideosPage = z.infer<typeof adminUserVideosPageSchema>;

/** DELETE /api/admin/users/{userId}/api-tokens/{tokenId} */
export const adminUserTokenParams = adminUserParams.extend({
  tokenId: z.string().meta({ description: "The token's id (a UUID)." }),
});

/** The answer of an action on the user's page that has nothing else to say. */
export const adminUserActionSchema = z.object({ message: z.string() }).meta({ id: "AdminUserAction" });
