/** Explore (issue 72, decision 0164): the public feed, a video's remix details, reports, and the admin's moderation. */
import {
  adminExploreActedSchema,
  adminExploreActionSchema,
  adminExplorePageSchema,
  adminExploreQuerySchema,
  adminExploreTaskParams,
  exploreFeedSchema,
  exploreQuerySchema,
  exploreReportedSchema,
  exploreReportInputSchema,
  exploreVideoParams,
  exploreVideoSchema,
} from "../schemas/explore.js";
import { defineRoute, errors } from "./contract.js";

export const exploreApi = {
  feed: defineRoute({
    method: "GET",
    path: "/api/explore",
    tags: ["Explore"],
    summary: "Published videos, newest or most remixed first, by model and shape; 24 a page",
    description:
      "Public and cached for a minute at most. newest: the latest published first; remixed: the most remixed first, then the latest. featured=true: only the videos an admin featured, the latest featured first. The cursor is opaque: pass nextCursor back unchanged with the same filters (a cursor of another sort, or tampered with, is 400 cursor_invalid).",
    query: exploreQuerySchema,
    responses: { 200: exploreFeedSchema, ...errors(400) },
    reasons: ["cursor_invalid"],
  }),
  video: defineRoute({
    method: "GET",
    path: "/api/explore/:id",
    tags: ["Explore"],
    summary: "One video listed in Explore, by its share id: what Remix fills the generator with",
    description:
      "Only a video listed in Explore now; anything else (private, only shared by its link, waiting for approval, hidden, deleted, Explore off) is 404.",
    params: exploreVideoParams,
    responses: { 200: exploreVideoSchema, ...errors(404) },
  }),
  report: defineRoute({
    method: "POST",
    path: "/api/explore/:id/reports",
    tags: ["Explore"],
    summary: "Report a published video to the site's admins, with a reason",
    description:
      "Signed in or not. One report per person (or, signed out, per client address) and video: a second answers the same and records nothing. Limited per client address (429 with Retry-After). Signed out while the site's CAPTCHA is on, captchaToken is required (400 captcha_required, then captcha_failed).",
    params: exploreVideoParams,
    body: exploreReportInputSchema,
    responses: { 200: exploreReportedSchema, ...errors(400, 404, 429, 503) },
    reasons: ["captcha_required", "captcha_failed", "captcha_unavailable"],
  }),
  adminList: defineRoute({
    method: "GET",
    path: "/api/admin/explore",
    tags: ["Admin"],
    summary: "Explore's videos waiting for approval, reported, listed, featured or hidden",
    query: adminExploreQuerySchema,
    responses: { 200: adminExplorePageSchema, ...errors(400, 401, 403) },
  }),
  adminAct: defineRoute({
    method: "POST",
    path: "/api/admin/explore/:taskId",
    tags: ["Admin"],
    summary: "Approve, hide, restore, feature or unfeature a published video, dismiss its reports, or delete it",
    params: adminExploreTaskParams,
    body: adminExploreActionSchema,
    responses: { 200: adminExploreActedSchema, ...errors(400, 401, 403, 404, 409) },
  }),
};
