/**
 * Leaving (decision 0087): the person's data as one JSON file (GET /api/user/export) and deleting
 * the account (POST /api/user/delete).
 */
import { z } from "zod";
import { TRANSACTION_TYPES } from "./account.js";
import { isoTimestamp } from "./common.js";

/** How long a deleted account's username stays refused to everyone else. */
export const USERNAME_HOLD_DAYS = 30;
/** Data exports per person per hour. */
export const DATA_EXPORTS_PER_HOUR = 5;
/** How long the links to kept videos in an export work. */
export const EXPORT_LINK_DAYS = 7;

/** The words the person types, compared with the username without regard to case or surrounding spaces. */
export const confirmsUsername = (typed: string, username: string): boolean =>
  typed.trim().toLowerCase() === username.toLowerCase();

/** POST /api/user/delete */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: "password must be text" })
    .max(1024, "password must be at most 1024 characters")
    .optional()
    .meta({ description: "The account's password; leave it out when the account has none (Google sign-in only)." }),
  confirm: z
    .string({ error: "Type your username to confirm" })
    .max(200, "confirm must be at most 200 characters")
    .meta({ description: "The account's username, typed by the person (any letter case)." }),
});
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;

export const accountDeletedSchema = z
  .object({
    message: z.string(),
    usernameHeldUntil: isoTimestamp.meta({ description: "Until then nobody can register the username." }),
  })
  .meta({ id: "AccountDeleted" });

/** The export file's contents (GET /api/user/export): what the service holds about the person. */
export const dataExportSchema = z
  .object({
    format: z.literal("veo-studio-data-export"),
    version: z.literal(1),
    exportedAt: isoTimestamp,
    profile: z.object({
      id: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      emailConfirmed: z.boolean(),
      language: z.string().nullable(),
      createdAt: isoTimestamp,
      credits: z.number().int(),
      creditsOwed: z.number().int(),
      googleConnected: z.boolean(),
      hasPassword: z.boolean(),
      lowCreditsThreshold: z.number().int().nullable(),
      notices: z.object({
        videoReady: z.boolean(),
        videoFailed: z.boolean(),
        lowBalance: z.boolean(),
        newSignIn: z.boolean(),
      }),
    }),
    transactions: z.array(
      z.object({
        id: z.string(),
        createdAt: isoTimestamp,
        type: z.enum(TRANSACTION_TYPES),
        amount: z.number().int(),
        description: z.string().nullable(),
        videoTaskId: z.string().nullable(),
        upgrade: z.string().nullable(),
        paymentOrderId: z.string().nullable(),
      }),
    ),
    videos: z.array(
      z.object({
        id: z.string().meta({ description: "What a transaction's videoTaskId names." }),
        taskId: z.string().meta({ description: "The provider's task id, as the API names the video." }),
        prompt: z.string(),
        model: z.string(),
        mode: z.string(),
        aspectRatio: z.string(),
        status: z.string(),
        createdVia: z.string(),
        creditsUsed: z.number().int(),
        refunded: z.boolean(),
        createdAt: isoTimestamp,
        completedAt: isoTimestamp.nullable(),
        deletedAt: isoTimestamp.nullable(),
        shareUrl: z.string().nullable().meta({ description: "The public page, while the video is shared." }),
        imageUrls: z.array(z.string()),
        files: z
          .object({ "720p": z.string().optional(), "1080p": z.string().optional(), "4k": z.string().optional() })
          .meta({ description: "Links to the kept files, signed for a week; none for a deleted video." }),
      }),
    ),
    paymentOrders: z.array(
      z.object({
        id: z.string(),
        createdAt: isoTimestamp,
        completedAt: isoTimestamp.nullable(),
        packageName: z.string(),
        credits: z.number().int(),
        bonusCredits: z.number().int(),
        amount: z.string(),
        currency: z.string(),
        provider: z.string(),
        status: z.string(),
        refundedCents: z.number().int(),
      }),
    ),
    apiTokens: z.array(
      z.object({
        name: z.string(),
        active: z.boolean(),
        createdAt: isoTimestamp,
        lastUsed: isoTimestamp.nullable(),
      }),
    ),
    webhookEndpoints: z.array(
      z.object({
        url: z.string(),
        description: z.string(),
        events: z.array(z.string()),
        enabled: z.boolean(),
        createdAt: isoTimestamp,
      }),
    ),
  })
  .meta({ id: "DataExport" });
export type DataExport = z.infer<typeof dataExportSchema>;

/** The export's answer: a JSON file, written as it is read. */
export const dataExportAnswer = {
  description:
    "The person's data as a JSON attachment (veo-studio-<username>-<date>.json), written as it is read: profile, transactions, videos with links to their kept files (signed for 7 days), payment orders, API token names and webhook endpoints. Never a secret or a hash.",
  content: { "application/json": { schema: dataExportSchema } },
};
