/**
 * Explore (issue 72, decision 0164): the videos people chose to publish, for everyone; the owner's
 * choice of who sees a video (private, unlisted: its link, public: Explore); visitors' reports;
 * the admin's moderation of what is published.
 */
import { z } from "zod";
import { ASPECT_RATIOS, MODELS, MODES, RESOLUTIONS } from "../catalogue.js";
import { isoTimestamp } from "./common.js";

export const EXPLORE_SORTS = ["newest", "remixed"] as const;
export const EXPLORE_STATUSES = ["pending", "listed", "hidden"] as const;
export type ExploreStatus = (typeof EXPLORE_STATUSES)[number];
export const EXPLORE_MODES = ["off", "open", "approval"] as const;
export type ExploreMode = (typeof EXPLORE_MODES)[number];
export const EXPLORE_REPORT_REASONS = ["sexual", "violence", "hate", "copyright", "spam", "other"] as const;
export type ExploreReportReason = (typeof EXPLORE_REPORT_REASONS)[number];
/** How many videos a page of the feed holds. */
export const EXPLORE_PAGE_SIZE = 24;
export const EXPLORE_REPORT_DETAILS_MAX = 500;

export const exploreQuerySchema = z.object({
  sort: z.enum(EXPLORE_SORTS, { error: "sort must be newest or remixed" }).default("newest"),
  model: z.enum(MODELS, { error: "model must be one of the catalogue's models" }).optional(),
  shape: z.enum(ASPECT_RATIOS, { error: `shape must be ${ASPECT_RATIOS.join(" or ")}` }).optional(),
  /** Only the videos an admin featured (the landing page's row). */
  featured: z
    .enum(["true", "false"], { error: "featured must be true or false" })
    .optional()
    .transform((v) => v === "true"),
  cursor: z.string().max(200, "cursor is not one this feed gave").optional(),
});
export type ExploreQuery = z.infer<typeof exploreQuerySchema>;

/** One published video, as the feed and its page show it. */
export const exploreVideoSchema = z
  .object({
    id: z.string().meta({ description: "The video's share id: its page is /v/{id}." }),
    videoUrl: z.string().meta({ description: "The 720p video to play: a path on this site." }),
    posterUrl: z
      .string()
      .nullable()
      .meta({ description: "A frame of the video (JPEG); null when none could be taken." }),
    prompt: z.string().nullable().meta({ description: "The prompt; null when its owner hid it." }),
    model: z.enum(MODELS),
    mode: z.enum(MODES),
    aspectRatio: z.enum(ASPECT_RATIOS),
    durationSeconds: z.number().int().nullable(),
    resolution: z.enum(RESOLUTIONS).nullable(),
    audio: z.boolean().nullable(),
    remixCount: z.number().int().meta({ description: "How many videos were made with its Remix button." }),
    featured: z.boolean(),
    publishedAt: isoTimestamp,
  })
  .meta({ id: "ExploreVideo" });
export type ExploreVideo = z.infer<typeof exploreVideoSchema>;

export const exploreFeedSchema = z
  .object({
    enabled: z.boolean().meta({ description: "False when the owner turned Explore off: the feed is empty." }),
    videos: z.array(exploreVideoSchema),
    nextCursor: z.string().nullable().meta({ description: "Pass as cursor for the next page; null at the end." }),
  })
  .meta({ id: "ExploreFeed" });
export type ExploreFeed = z.infer<typeof exploreFeedSchema>;

export const exploreVideoParams = z.object({ id: z.string().min(1).max(64) });

export const exploreReportInputSchema = z.object({
  reason: z.enum(EXPLORE_REPORT_REASONS, {
    error: `reason must be ${EXPLORE_REPORT_REASONS.slice(0, -1).join(", ")} or ${EXPLORE_REPORT_REASONS.at(-1)}`,
  }),
  details: z
    .string()
    .trim()
    .max(EXPLORE_REPORT_DETAILS_MAX, `Details can be at most ${EXPLORE_REPORT_DETAILS_MAX} characters`)
    .optional(),
  captchaToken: z.string().max(4096).optional(),
});
export type ExploreReportInput = z.infer<typeof exploreReportInputSchema>;

export const exploreReportedSchema = z.object({ message: z.string() }).meta({ id: "ExploreReported" });

// ---- The admin's Explore tab ----

export const ADMIN_EXPLORE_FILTERS = ["pending", "reported", "listed", "featured", "hidden"] as const;
export const adminExploreQuerySchema = z.object({
  filter: z
    .enum(ADMIN_EXPLORE_FILTERS, { error: "filter must be pending, reported, listed, featured or hidden" })
    .default("pending"),
  cursor: z.string().max(200).optional(),
});

const adminReportSchema = z.object({
  reason: z.enum(EXPLORE_REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: isoTimestamp,
  resolved: z.boolean(),
});

const adminExploreVideoSchema = z
  .object({
    taskId: z.string(),
    shareId: z.string().nullable(),
    owner: z.string().meta({ description: "The owner's username." }),
    prompt: z.string().meta({ description: "The whole prompt (admins see it even when its owner hides it)." }),
    promptHidden: z.boolean(),
    videoUrl: z.string(),
    posterUrl: z.string().nullable(),
    model: z.enum(MODELS),
    aspectRatio: z.enum(ASPECT_RATIOS),
    status: z.enum(EXPLORE_STATUSES),
    featured: z.boolean(),
    publishedAt: isoTimestamp.nullable(),
    remixCount: z.number().int(),
    openReports: z.number().int(),
    reports: z.array(adminReportSchema).meta({ description: "The latest reports, newest first (at most 20)." }),
  })
  .meta({ id: "AdminExploreVideo" });
export type AdminExploreVideo = z.infer<typeof adminExploreVideoSchema>;

export const adminExplorePageSchema = z
  .object({
    mode: z.enum(EXPLORE_MODES),
    counts: z.object({
      pending: z.number().int(),
      reported: z.number().int(),
      listed: z.number().int(),
      featured: z.number().int(),
      hidden: z.number().int(),
    }),
    videos: z.array(adminExploreVideoSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "AdminExplorePage" });
export type AdminExplorePage = z.infer<typeof adminExplorePageSchema>;

const ADMIN_EXPLORE_ACTIONS = [
  "approve",
  "hide",
  "restore",
  "feature",
  "unfeature",
  "dismiss_reports",
  "delete",
] as const;
export type AdminExploreAction = (typeof ADMIN_EXPLORE_ACTIONS)[number];

export const adminExploreActionSchema = z.object({
  action: z.enum(ADMIN_EXPLORE_ACTIONS, { error: `action must be ${ADMIN_EXPLORE_ACTIONS.join(", ")}` }),
  reason: z.string().trim().max(500, "The reason can be at most 500 characters").optional(),
});

export const adminExploreActedSchema = z
  .object({ message: z.string(), video: adminExploreVideoSchema.nullable() })
  .meta({ id: "AdminExploreActed" });

export const adminExploreTaskParams = z.object({ taskId: z.string().min(1).max(200) });
