/** The landing page's showcase (decision 0081): everyone reads it, the admin chooses its videos. */
import {
  adminShowcaseSchema,
  modelSampleInputSchema,
  modelSampleParams,
  showcaseInputSchema,
  showcaseViewSchema,
} from "../schemas/showcase.js";
import { defineRoute, errors } from "./contract.js";

export const showcaseApi = {
  current: defineRoute({
    method: "GET",
    path: "/api/showcase",
    tags: ["Site"],
    summary:
      "The landing page's showcase and each model's sample: the admin's choice, or the sample clips while videos are simulated",
    responses: { 200: showcaseViewSchema },
  }),
  adminRead: defineRoute({
    method: "GET",
    path: "/api/admin/showcase",
    tags: ["Admin"],
    summary: "The showcase as chosen, and the finished videos that may be chosen",
    responses: { 200: adminShowcaseSchema, ...errors(401, 403) },
  }),
  adminSave: defineRoute({
    method: "PUT",
    path: "/api/admin/showcase",
    tags: ["Admin"],
    summary: "Choose the showcase's videos, in their order, each with an optional caption",
    body: showcaseInputSchema,
    reasons: ["showcase_video_unavailable"],
    responses: { 200: adminShowcaseSchema, ...errors(400, 401, 403, 404, 409) },
  }),
  adminSaveModelSample: defineRoute({
    method: "PUT",
    path: "/api/admin/showcase/model-samples/:model",
    tags: ["Admin"],
    summary: "Choose a model's sample (a finished video of that model), or none",
    params: modelSampleParams,
    body: modelSampleInputSchema,
    reasons: ["showcase_video_unavailable"],
    responses: { 200: adminShowcaseSchema, ...errors(400, 401, 403, 404, 409) },
  }),
};
