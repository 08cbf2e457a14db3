/**
 * How each model is doing (issue 42, decision 0097), from our own videos: per model, over the last
 * hour and the last day, how many finished, failed and were refused, the success rate and the
 * median time to a video. A model is degraded when more than half of at least MIN_SAMPLE videos
 * finished in the last hour failed for the provider's reasons. Refused prompts are the person's:
 * counted apart, never as failures (decisions 0074, 0082).
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Queryable } from "../../db/connect.js";
import { MODELS } from "../../../shared/catalogue.js";
import type { ModelHealth } from "../../../shared/schemas/model-health.js";
import { REQUEST_REFUSAL } from "../../../shared/videos.js";

/** Fewer finished videos than this in the last hour say nothing about a model. */
const MIN_SAMPLE = 5;
const HOUR_MS = 60 * 60 * 1000;
/** The public model list reads health at most this often (one query for every visitor in between). */
const CACHE_MS = 30_000;

interface Row {
  model: string;
  span: "hour" | "day";
  completed: unknown;
  failed: unknown;
  refused: unknown;
  median: unknown;
}

export async function modelHealth(db: Queryable, now = new Date()): Promise<ModelHealth[]> {
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS).toISOString();
  const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
  // Refused: marked since decision 0082, older rows told by their message (as generation-health.ts does).
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with finished as (
        select model, created_at, status,
          extract(epoch from completed_at - created_at) as seconds,
          status = 'failed' and (coalesce(failure_kind, '') = 'refused' or coalesce(error_message, '') ~* ${REQUEST_REFUSAL.source}) as refused
        from video_tasks
        where status in ('completed', 'failed') and created_at >= ${dayAgo}::timestamptz
      ), windows as (
        select model, 'day' as span, status, seconds, refused from finished
        union all
        select model, 'hour', status, seconds, refused from finished where created_at >= ${hourAgo}::timestamptz
      )
      select model, span,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'failed' and not refused)::int as failed,
        count(*) filter (where refused)::int as refused,
        percentile_cont(0.5) within group (order by seconds) filter (where status = 'completed') as median
      from windows group by model, span`),
  );
  const seen = [...new Set(rows.map((r) => r.model))];
  const models = [...MODELS, ...seen.filter((m) => !(MODELS as readonly string[]).includes(m)).sort()];
  return models.map((model) => {
    const windowOf = (span: Row["span"]) => {
      const r = rows.find((x) => x.model === model && x.span === span);
      const completed = Number(r?.completed ?? 0);
      const failed = Number(r?.failed ?? 0);
      const finished = completed + failed;
      const median = r?.median === null || r?.median === undefined ? null : Math.round(Number(r.median));
      return {
        finished,
        failed,
        refused: Number(r?.refused ?? 0),
        successRate: finished === 0 ? null : completed / finished,
        medianSeconds: median,
      };
    };
    const lastHour = windowOf("hour");
    return {
      model,
      lastHour,
      lastDay: windowOf("day"),
      degraded: lastHour.finished >= MIN_SAMPLE && lastHour.failed * 2 > lastHour.finished,
    };
  });
}

/** modelHealth read at most every CACHE_MS, for the public model list. */
export function cachedModelHealth(db: Queryable): () => Promise<ModelHealth[]> {
  let last: { at: number; value: Promise<ModelHealth[]> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at > CACHE_MS) {
      const value = modelHealth(db).catch((err: unknown) => {
        last = undefined;
        throw err;
      });
      last = { at: now, value };
    }
    return last.value;
  };
}
