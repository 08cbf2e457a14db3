/**
 * Fair use (decision 0093): each person has at most N videos being made at a time, N being their
 * own limit (`users.max_videos_in_flight`, set on their admin page) or else the admin's default
 * (`admin_settings.max_videos_in_flight`, 5), raised by their live plan's "videos at once" perk
 * where that is higher (decision 0152). In flight: a task `pending` (reserved, not yet
 * accepted by the provider) or `generating`. A finished video fetching its 1080p or 4K version is
 * not a new generation and does not count.
 */
import { sql } from "drizzle-orm";
import { rowsOf, type Queryable, type Tx } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";

/** What a refused person is asked to wait: a short video takes about a minute or two. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 60;

/** When a setting is missing altogether (it never is after migration 0035): the column's default. */
const DEFAULT_MAX_IN_FLIGHT = 5;

/** Of the `users u` row in the query: its videos in flight, and the admin's default limit. */
const IN_FLIGHT_OF_U = sql`(select count(*) from video_tasks t where t.user_id = u.id and t.status in ('pending', 'generating'))::int`;
const SITE_LIMIT = sql`coalesce((select s.max_videos_in_flight from admin_settings s where s.id = 1), ${DEFAULT_MAX_IN_FLIGHT}::int)`;
/** The perk of the `users u` row's live plan, if it names one. */
const PLAN_LIMIT_OF_U = sql`(select (p.perks->>'videosAtOnce')::int from subscriptions s join plans p on p.id = s.plan_id
  where s.user_id = u.id and s.status in ('active', 'past_due', 'paused') limit 1)`;
/** What applies to the `users u` row without a limit of their own: the site's, or their plan's when higher. */
const DEFAULT_LIMIT = sql`greatest(${SITE_LIMIT}, coalesce(${PLAN_LIMIT_OF_U}, 0))`;

function tooManyInFlight(inFlight: number, limit: number, asked = 1): AppError {
  const videos = inFlight === 1 ? "1 video" : `${inFlight} videos`;
  // Variants (decision 0162): all of them must fit, or none is made.
  const message =
    asked <= 1
      ? `You already have ${videos} being made, and an account can have at most ${limit} at a time. ` +
        "Wait for one to finish, then try again. Nothing was charged."
      : inFlight === 0
        ? `You asked for ${asked} videos, and an account can have at most ${limit} being made at a time. ` +
          "Ask for fewer variants. Nothing was charged."
        : `You already have ${videos} being made, and an account can have at most ${limit} at a time: ${asked} more would be too many. ` +
          "Ask for fewer variants or wait for a video to finish. Nothing was charged.";
  return new AppError("too_many_in_flight", message, {
    headers: { "retry-after": String(IN_FLIGHT_RETRY_AFTER_SECONDS) },
    params: asked > 1 ? { inFlight, limit, asked } : { inFlight, limit },
  });
}

/**
 * Inside the transaction that is about to charge for a new video: locks the person's row (so
 * their parallel requests take their turn here), then counts their videos in flight, each
 * statement seeing what the requests before it committed. Throws 429 `too_many_in_flight` when
 * `asked` more videos (the variants of one request, decision 0162) would pass the limit, which
 * rolls the transaction back: nothing is charged or recorded.
 */
export async function claimInFlightSlot(tx: Tx, userId: string, asked = 1): Promise<void> {
  // Its own statement: a count in the same statement would read the snapshot taken before the wait.
  await tx.execute(sql`select id from users where id = ${userId} for update`);
  const res = await tx.execute(sql`
    select coalesce(u.max_videos_in_flight, ${DEFAULT_LIMIT}) as "limit", ${IN_FLIGHT_OF_U} as in_flight
    from users u where u.id = ${userId}`);
  const row = rowsOf<{ limit: number; in_flight: number }>(res)[0];
  if (row && row.in_flight + asked > row.limit) throw tooManyInFlight(row.in_flight, row.limit, asked);
}

/**
 * The refusal claimInFlightSlot would give now, read without a lock (decision 0134): asked before
 * any work is done for a new video, so a person at their limit is told at once. The charging
 * transaction still decides.
 */
export async function inFlightRefusal(db: Queryable, userId: string, asked = 1): Promise<AppError | undefined> {
  const count = await inFlightOf(db, userId);
  const limit = count.own ?? count.default;
  return count.now + asked > limit ? tooManyInFlight(count.now, limit, asked) : undefined;
}

/** A person's videos in flight now, their own limit and the default, their plan's included (the admin's user page). */
export async function inFlightOf(
  db: Queryable,
  userId: string,
): Promise<{ now: number; own: number | null; default: number }> {
  const res = await db.execute(sql`
    select u.max_videos_in_flight as own, ${DEFAULT_LIMIT} as "default", ${IN_FLIGHT_OF_U} as now
    from users u where u.id = ${userId}`);
  const row = rowsOf<{ own: number | null; default: number; now: number }>(res)[0];
  return { now: Number(row?.now ?? 0), own: row?.own ?? null, default: Number(row?.default ?? DEFAULT_MAX_IN_FLIGHT) };
}
