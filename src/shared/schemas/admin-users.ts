import { z } from "zod";

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

/** A row of GET /api/admin/users. */
export interface AdminUserView {
  id: string;
  username: string;
  email: string | null;
  credits: number;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: string;
  videoCount: number;
}
