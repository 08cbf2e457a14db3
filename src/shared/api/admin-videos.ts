/** Videos on /admin: the archive's state (decision 0045) and the recovery of failed videos (decision 0022). */
import { deletedFailedVideosSchema, recheckReportSchema } from "../schemas/admin-recovery.js";
import { videoStorageViewSchema } from "../schemas/admin-video-storage.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminVideosApi = {
  storage: defineRoute({
    method: "GET",
    path: "/api/admin/video-storage",
    tags,
    summary: "What the video archive holds (files, bytes), its queue (pending, failed) and the retention setting",
    responses: { 200: videoStorageViewSchema, ...errors(401, 403) },
  }),
  recheckFailed: defineRoute({
    method: "POST",
    path: "/api/admin/recheck-failed-videos",
    tags,
    summary: "Ask the provider again about the videos that failed in the last 24 hours",
    responses: { 200: recheckReportSchema, ...errors(401, 403) },
  }),
  deleteFailed: defineRoute({
    method: "DELETE",
    path: "/api/admin/delete-failed-videos",
    tags,
    summary: "Delete every failed video (their transactions stay)",
    responses: { 200: deletedFailedVideosSchema, ...errors(401, 403) },
  }),
};
