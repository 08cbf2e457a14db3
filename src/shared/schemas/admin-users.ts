import { z } from "zod";
import { isoTimestamp } from "./common.js";

/** PUT /api/admin/users/{userId}/credits */
export const setCreditsSchema = z.object({
  credits: z
    .union([z.number(), z.string().trim()], { error: "Credits must be a non-negative integer" })
    .transform((v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v))
    .pipe(
      z
        .number({ error: "Credits must be a non-negative integer" })
        .int("Credits must be a non-negative integer")
        .min(0, "Credits must be a non-negative integer")
        .max(1_000_000_000, "Credits must be at most 1,000,000,000"),
    ),
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
export const ADMIN_USERS_MAX_LIMIT = 200;
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
  status: oneOf("status", ["active", "disabled"] as const),
  role: oneOf("role", ["admin", "user"] as const),
  apiTokens: oneOf("apiTokens", ["with", "without"] as const),
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
export const adminUserViewSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    credits: z.number().int(),
    isAdmin: z.boolean(),
    isActive: z.boolean(),
    createdAt: isoTimestamp,
    videoCount: z.number().int().meta({ description: "Videos the user has made (rows still kept)." }),
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
export type AdminUserSaved = z.infer<typeof adminUserSavedSchema>;

/** A session of the user on their page: where and with what it signed in; the cookie itself is never known. */
export const adminUserSessionSchema = z.object({
  id: z.string().meta({ description: "A short public name of the session (not its cookie)." }),
  createdAt: isoTimestamp,
  expiresAt: isoTimestamp,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** A payment order of the user (Creem or PayPal). */
export const adminUserOrderSchema = z.object({
  id: z.string(),
  provider: z.enum(["creem", "paypal"]),
  packageName: z.string(),
  amount: z.string().meta({ description: "Decimal, e.g. 9.99" }),
  currency: z.string(),
  credits: z.number().int(),
  status: z.enum(["created", "pending", "completed", "failed"]),
  failureReason: z.string().nullable(),
  createdAt: isoTimestamp,
  completedAt: isoTimestamp.nullable(),
});

/** An API token on the user's page: masked as on their own /api page. */
export const adminUserTokenSchema = z.object({
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
export const adminUserVideoSchema = z.object({
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
