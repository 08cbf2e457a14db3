/**
 * A first frame made from text (issue 71, decision 0161): start one (charged in credits, screened
 * like every prompt) and read one of your own while it is made.
 */
import {
  createFirstFrameSchema,
  firstFrameParams,
  firstFrameSchema,
  firstFrameStartedSchema,
} from "../schemas/first-frames.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Videos"];

export const firstFramesApi = {
  create: defineRoute({
    method: "POST",
    path: "/api/first-frames",
    tags,
    summary: "Make a video's first frame from a prompt",
    description:
      "Starts an image task on the image model the admin chose (the first-frame price, in credits, refunded if it fails). " +
      "Charges the web price, so it is the web app's own: a session call needs Sec-Fetch-Site: same-origin and X-CSRF-Token. " +
      "Read it with GET /api/first-frames/{id} until it is completed: its imageUrl is then one of your uploads.",
    body: createFirstFrameSchema,
    responses: { 202: firstFrameStartedSchema, ...errors(400, 401, 402, 403, 409, 422, 429, 503) },
    reasons: [
      "web_price_needs_web_app",
      "first_frame_off",
      "first_frame_refused",
      "prompt_refused",
      "screening_unavailable",
      "generation_unavailable",
      "credits_owed",
      "payment_disputed",
    ],
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/first-frames/:id",
    tags,
    summary: "One of your first frames: generating, completed (with its image) or failed (refunded)",
    params: firstFrameParams,
    responses: { 200: firstFrameSchema, ...errors(400, 401, 404) },
  }),
};
