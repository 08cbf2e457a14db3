/**
 * Everything the client takes from the product's shared route contracts: the request and answer
 * types (inferred from the zod schemas the server validates with), the routes' paths and the
 * documented constants. Renaming a field or a path there fails the client's type check here.
 *
 * This module is the only one that reaches outside the package: the build (scripts/build.mjs)
 * replaces it with a generated contracts.js and contracts.d.ts holding the same values and the
 * types written out in full, so the published package needs neither zod nor this repository.
 */
import type { z } from "zod";
import type { automationApi } from "../../../src/shared/api/automation.js";
import type { BodyInput, SuccessOutput } from "../../../src/shared/api/contract.js";
import type { siteApi } from "../../../src/shared/api/site.js";
import type { webhooksTokenApi } from "../../../src/shared/api/webhooks.js";
import type { ErrorCode as SharedErrorCode } from "../../../src/shared/error-codes.js";
import type { automationVideoListQuery, automationVideoStatusSchema } from "../../../src/shared/schemas/automation.js";
import type {
  creditsLowWebhookEventSchema,
  testWebhookEventSchema,
  videoWebhookEventSchema,
} from "../../../src/shared/schemas/webhooks.js";

export { POLL_SECONDS, TOKEN_PREFIX, WEBHOOK_WAIT_MINUTES } from "../../../src/shared/automation.js";

/** POST /api/n8n/generate's body, as a caller writes it (defaults may be left out). */
export type GenerateInput = BodyInput<typeof automationApi.generate>;
export type GenerateResult = SuccessOutput<typeof automationApi.generate>;
/** POST /api/n8n/videos/{taskId}/extend's body. */
export type ExtendInput = BodyInput<typeof automationApi.extend>;
export type ExtendResult = SuccessOutput<typeof automationApi.extend>;
/** POST /api/n8n/videos/{taskId}/final: the new, full-quality video a finished draft became, and its cost. */
export type FinalResult = SuccessOutput<typeof automationApi.final>;
/** GET /api/n8n/video-status/{taskId}: processing, completed or failed, with the video's links. */
export type VideoStatus = z.output<typeof automationVideoStatusSchema>;
export type Balance = SuccessOutput<typeof automationApi.balance>;
/** GET /api/n8n/videos's filters: page, limit (1-100), status, model, words of the prompt. */
export type VideoListQuery = z.output<typeof automationVideoListQuery>;
/** The account's videos, newest first, with how many match in all. */
export type VideoList = SuccessOutput<typeof automationApi.listVideos>;
/** POST /api/n8n/videos/{taskId}/upgrade-4k: the 4K version is being made; what it cost. */
export type UpgradeResult = SuccessOutput<typeof automationApi.upgrade4k>;
/** GET /api/models: every model offered now, with its options and prices. */
export type Models = SuccessOutput<typeof siteApi.models>;
/** PUT /api/n8n/webhooks's body: the receiver's URL, the events it wants, a description. */
export type RegisterWebhookInput = BodyInput<typeof webhooksTokenApi.register>;
/** The endpoint and its signing secret in force (`created: false` when the URL had one: its secret was rotated). */
export type RegisteredWebhook = SuccessOutput<typeof webhooksTokenApi.register>;
/** An endpoint of the token's account: its URL, events, and whether deliveries to it are failing. */
export type WebhookEndpoint = SuccessOutput<typeof webhooksTokenApi.get>;
/** What went wrong, for programs to switch on (the message is for people). */
export type ErrorCode = SharedErrorCode;

type VideoWebhookEvent = z.output<typeof videoWebhookEventSchema>;
/** What a signed webhook delivery carries (Standard Webhooks' envelope around the event's data). */
export type WebhookEvent =
  VideoWebhookEvent | z.output<typeof creditsLowWebhookEventSchema> | z.output<typeof testWebhookEventSchema>;

/** The routes the client calls, checked against the contracts' paths. */
export const PATHS: {
  generate: typeof automationApi.generate.path;
  extend: typeof automationApi.extend.path;
  final: typeof automationApi.final.path;
  videoStatus: typeof automationApi.videoStatus.path;
  balance: typeof automationApi.balance.path;
  videos: typeof automationApi.listVideos.path;
  upgrade4k: typeof automationApi.upgrade4k.path;
  models: typeof siteApi.models.path;
  webhooks: typeof webhooksTokenApi.register.path;
  webhook: typeof webhooksTokenApi.get.path;
  deleteWebhook: typeof webhooksTokenApi.delete.path;
} = {
  generate: "/api/n8n/generate",
  extend: "/api/n8n/videos/:taskId/extend",
  final: "/api/n8n/videos/:taskId/final",
  videoStatus: "/api/n8n/video-status/:taskId",
  balance: "/api/n8n/balance",
  videos: "/api/n8n/videos",
  upgrade4k: "/api/n8n/videos/:taskId/upgrade-4k",
  models: "/api/models",
  webhooks: "/api/n8n/webhooks",
  webhook: "/api/n8n/webhooks/:id",
  deleteWebhook: "/api/n8n/webhooks/:id",
};
