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
    query: exploreQuerySchema,
    responses: { 200: exploreFeedSchema, ...errors(400) },
  }),
  video: defineRoute({
    method: "GET",
    path: "/api/explore/:id",
    tags: ["Explore"],
    summary: "One published (or unlisted, by its link) video: what Remix fills the generator with",
    params: exploreVideoParams,
    responses: { 200: exploreVideoSchema, ...errors(404) },
  }),
  report: defineRoute({
    method: "POST",
    path: "/api/explore/:id/reports",
    tags: ["Explore"],
    summary: "Report a published video to the site's admins, with a reason",
    params: exploreVideoParams,
    body: exploreReportInputSchema,
    responses: { 200: exploreReportedSchema, ...errors(400, 404, 429) },
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
