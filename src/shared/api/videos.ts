/**
 * The video routes: start a video (or extend one), the owner's lists and a video's state, its
 * 1080p and 4K versions, downloads, sharing and deleting, reference image uploads, and KIE's
 * callback. The admin's refund of a video is in admin-transactions.ts; the files served outside
 * the JSON API are in media.ts.
 */
import { idempotencyHeaders } from "../schemas/idempotency.js";
import {
  archivedVideoRedirect,
  bulkDeleteResultSchema,
  bulkDeleteSchema,
  callbackReceivedSchema,
  downloadQuery,
  extendOptionsQuery,
  extendOptionsSchema,
  extendVideoSchema,
  generateVideoResultSchema,
  generateVideoSchema,
  hdVideoSchema,
  sharingInputSchema,
  sharingViewSchema,
  taskIdParams,
  taskListNotModified,
  taskListQuery,
  taskListSchema,
  upgradeResultSchema,
  uploadImageResultSchema,
  videoAttachment,
  videoDeletedSchema,
  videoStatusSchema,
} from "../schemas/videos.js";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../videos.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Videos"];

/** The description of the routes that charge the web price (server/http/web-app-token.ts). */
const WEB_PRICE_DOCS =
  "Charges the web price, so it is the web app's own: a session call needs Sec-Fetch-Site: same-origin and X-CSRF-Token with the value of the csrf cookie, or it is refused (403, reason web_price_needs_web_app). Scripts use an API token with POST /api/n8n/generate, at the API price.";

export const videosApi = {
  generate: defineRoute({
    method: "POST",
    path: "/api/generate-video",
    tags,
    summary: "Start a video",
    description: WEB_PRICE_DOCS,
    headers: idempotencyHeaders,
    body: generateVideoSchema,
    responses: { 200: generateVideoResultSchema, ...errors(400, 401, 402, 403, 409, 422, 429, 502, 503) },
    reasons: [
      "web_price_needs_web_app",
      "image_gone",
      "prompt_refused",
      "screening_unavailable",
      "video_refused",
      "provider_busy",
      "generation_unavailable",
      "welcome_credits_model",
      "welcome_credits_720p",
    ],
  }),
  /** How a finished video would be extended, and the price (decision 0159). */
  extendOptions: defineRoute({
    method: "GET",
    path: "/api/videos/:taskId/extend",
    tags,
    summary: "How a finished video would be extended: natively or from its last frame, with which model, at what price",
    description:
      "A Veo video made through KIE whose 1080p version was not made, within KIE's 14 days, is continued by Veo itself ('native'); every other finished video is continued from its last frame ('last_frame') by a model that takes a first frame, and both parts are joined into one video. `reason` says in one sentence why a video cannot be extended at all (its file is gone, or this server cannot cut frames).",
    params: taskIdParams,
    query: extendOptionsQuery,
    responses: { 200: extendOptionsSchema, ...errors(400, 401, 404, 409) },
    reasons: ["extend_needs_finished_video"],
  }),
  /** A new video that continues a finished one (decisions 0050, 0159). */
  extend: defineRoute({
    method: "POST",
    path: "/api/videos/:taskId/extend",
    tags,
    summary: "Extend a finished video with a new prompt (a new video linked to it)",
    description: `${WEB_PRICE_DOCS} Natively where Veo can continue the video, else from its last frame (GET this path says which; decision 0159).`,
    headers: idempotencyHeaders,
    params: taskIdParams,
    body: extendVideoSchema,
    responses: { 200: generateVideoResultSchema, ...errors(400, 401, 402, 403, 404, 409, 422, 429, 502, 503) },
    reasons: [
      "web_price_needs_web_app",
      "extend_needs_finished_video",
      "extend_after_hd",
      "upgrade_not_offered",
      "prompt_refused",
      "screening_unavailable",
      "extend_refused",
      "extend_file_gone",
      "extend_file_saving",
      "extend_unavailable",
      "extend_no_model",
      "model_unavailable",
      "provider_busy",
      "generation_unavailable",
      "welcome_credits_model",
    ],
  }),
  /** "Make it final" (issue 74 §3, decision 0178): a finished draft re-run at full quality, as a new video. */
  final: defineRoute({
    method: "POST",
    path: "/api/videos/:taskId/final",
    tags,
    summary: "Make a finished draft final: the same video on the chosen model and resolution, charged as a new video",
    description: `${WEB_PRICE_DOCS} Re-runs the draft's prompt, seed, images, mode, aspect ratio, length and sound on the model and resolution it is the draft of (the task's draftOf); a video that is not a finished draft is a 409.`,
    headers: idempotencyHeaders,
    params: taskIdParams,
    responses: { 200: generateVideoResultSchema, ...errors(400, 401, 402, 403, 404, 409, 422, 429, 502, 503) },
    reasons: [
      "web_price_needs_web_app",
      "final_needs_draft",
      "final_needs_finished_draft",
      "image_gone",
      "prompt_refused",
      "screening_unavailable",
      "video_refused",
      "provider_busy",
      "generation_unavailable",
      "welcome_credits_model",
      "welcome_credits_720p",
    ],
  }),
  list: defineRoute({
    method: "GET",
    path: "/api/video-tasks",
    tags,
    summary: "The signed-in person's videos",
    description:
      "`?days=` the recent ones, or `?page=&limit=` one page with the total. Either can be narrowed by `q` (words of the prompt, case- and accent-insensitive), `status` (completed, in_progress, failed) and `model`, and sorted `newest` (the default) or `oldest`.",
    query: taskListQuery,
    responses: { 200: taskListSchema, 304: taskListNotModified, ...errors(400, 401) },
  }),
  status: defineRoute({
    method: "GET",
    path: "/api/video-status/:taskId",
    tags,
    summary: "One video's state",
    params: taskIdParams,
    responses: { 200: videoStatusSchema, ...errors(401, 404) },
  }),
  hd: defineRoute({
    method: "GET",
    path: "/api/hd-video/:taskId",
    tags,
    summary: "A video's 1080p file, if ready",
    params: taskIdParams,
    responses: { 200: hdVideoSchema, ...errors(401, 404) },
  }),
  /** Asks the provider for the 1080p file now, instead of waiting for the worker (and releases a held one). */
  forceHd: defineRoute({
    method: "POST",
    path: "/api/force-update-hd/:taskId",
    tags,
    summary: "Ask the provider for the 1080p file now",
    params: taskIdParams,
    responses: { 200: hdVideoSchema, ...errors(400, 401, 404, 409, 502, 503) },
    reasons: ["welcome_video_720p"],
  }),
  /** The 4K version of a finished video, for the 4K surcharge (decision 0049). */
  upgrade4k: defineRoute({
    method: "POST",
    path: "/api/videos/:taskId/upgrade-4k",
    tags,
    summary: "Make the 4K version of a finished video (charged now, refunded if it cannot be made)",
    description: WEB_PRICE_DOCS,
    params: taskIdParams,
    responses: { 200: upgradeResultSchema, ...errors(400, 401, 402, 404, 409) },
    reasons: [
      "web_price_needs_web_app",
      "uhd_needs_finished_video",
      "upgrade_not_offered",
      "uhd_exists",
      "uhd_in_progress",
      "uhd_failed",
      "welcome_video_720p",
      "welcome_credits_720p",
    ],
  }),
  download: defineRoute({
    method: "GET",
    path: "/api/videos/:taskId/download",
    tags,
    summary: "Download a video",
    params: taskIdParams,
    query: downloadQuery,
    responses: { 200: videoAttachment, 302: archivedVideoRedirect, ...errors(400, 401, 404, 502) },
    reasons: ["video_not_ready"],
  }),
  setSharing: defineRoute({
    method: "PUT",
    path: "/api/videos/:taskId/sharing",
    tags,
    summary: "Share a finished video (a public page) and publish it to Explore, or stop either",
    description:
      "With explore: true a shared video is published to Explore (decision 0164): its prompt is screened as at generation (a refusal is 422 prompt_refused and changes nothing); it is listed, or pending when the admin approves each one or the screening held it for review. Explore off: 409 explore_off. explore: false or isPublic: false takes it off, except a video an admin hid, which stays hidden.",
    params: taskIdParams,
    body: sharingInputSchema,
    responses: { 200: sharingViewSchema, ...errors(400, 401, 403, 404, 409, 422, 503) },
    reasons: ["video_not_shareable", "explore_off", "prompt_refused", "screening_unavailable"],
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/videos/:taskId",
    tags,
    summary: "Delete a video and its files",
    params: taskIdParams,
    responses: { 200: videoDeletedSchema, ...errors(401, 403, 404, 409) },
    reasons: ["video_still_generating"],
  }),
  /** Several videos at once, each exactly as DELETE /api/videos/{taskId} would; answers what happened to each. */
  bulkDelete: defineRoute({
    method: "POST",
    path: "/api/videos/bulk-delete",
    tags,
    summary: "Delete several videos and their files",
    description:
      "At most 100 ids; a repeated id counts once. Each is deleted as the single delete does: one still being made is left (still_generating), one that is not there or not yours is not_found.",
    body: bulkDeleteSchema,
    responses: { 200: bulkDeleteResultSchema, ...errors(400, 401, 403) },
  }),
  /** Multipart: no body schema, the server reads the one file itself. */
  uploadImage: defineRoute({
    method: "POST",
    path: "/api/images/upload",
    tags,
    summary: "Upload a reference image",
    description:
      `multipart/form-data with one JPG, PNG or WebP image (at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels) in the field \`image\`. ` +
      "The type is read from the image itself, never its name: it is decoded, turned upright and stored re-encoded " +
      "without metadata (EXIF, GPS, XMP, ICC), under the extension of what it really is (decision 0090).",
    responses: { 201: uploadImageResultSchema, ...errors(400, 401, 413, 415, 429, 503) },
    reasons: ["image_type", "image_pixels"],
  }),
  /**
   * KIE's callback: the body only names a task, which the worker re-reads from the provider. No body
   * schema: anything is accepted and only read for a task id (never trusted).
   */
  kieCallback: defineRoute({
    method: "POST",
    path: "/api/callbacks/kie",
    tags: ["Callbacks"],
    summary: "KIE's callback: re-check the named task",
    responses: { 200: callbackReceivedSchema, ...errors(401) },
  }),
};
