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

/** GET /api/admin/users: every user, newest first. */
export const adminUserListSchema = z.array(adminUserViewSchema);

/** PUT /api/admin/users/{userId}/toggle and /credits: the user as it is now. */
export const adminUserSavedSchema = z.object({ message: z.string(), user: adminUserViewSchema }).meta({ id: "AdminUserSaved" });
export type AdminUserSaved = z.infer<typeof adminUserSavedSchema>;
