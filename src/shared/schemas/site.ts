/** The site's own answers: how a process is (monitoring), its metrics, and the live-update stream. */
import { z } from "zod";
import { ERROR_CODES } from "./api-error.js";

/** GET /healthz */
export const healthSchema = z
  .object({
    ok: z.boolean(),
    database: z.enum(["ok", "unreachable"]),
    changeListener: z
      .enum(["ok", "down", "none"])
      .meta({ description: "The database's change channel (live updates, cache invalidation); none: not used." }),
    workers: z
      .enum(["ok", "failing", "off"])
      .meta({ description: "The background jobs; off: this process runs none (BACKGROUND_WORKERS=false)." }),
    failingJobs: z.array(z.string()).meta({ description: "The jobs whose last run failed." }),
    message: z.string().optional(),
    code: z.enum(ERROR_CODES).optional(),
  })
  .meta({ id: "Health" });

/** GET /readyz */
export const readinessSchema = z
  .object({ ready: z.boolean(), message: z.string().optional(), code: z.enum(ERROR_CODES).optional() })
  .meta({ id: "Readiness" });

/** GET /metrics: Prometheus' text format. */
export const metricsTextSchema = z.string();

/** A comment line this often keeps proxies from closing an idle event stream. */
export const HEARTBEAT_MS = 25_000;
/** Open event streams per user and process: a few tabs and automations, not a flood. */
export const MAX_STREAMS_PER_USER = 20;

const STREAM_EXAMPLE =
  'retry: 3000\n\nevent: ready\ndata: {"credits":98,"expiring":[]}\n\nevent: task\ndata: {"task":{"taskId":"4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1","status":"completed","resultUrls":["https://files.example.com/videos/4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1.mp4"],"hdStatus":"pending"}}\n\n';

/** GET /api/events: the stream's text (its events' data: creditsEventSchema, taskEventSchema in schemas/videos.ts). */
export const eventStreamSchema = z.string().meta({ examples: [STREAM_EXAMPLE] });
