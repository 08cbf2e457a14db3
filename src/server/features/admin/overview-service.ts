/**
 * The admin overview (issue 23, decision 0053): one SQL aggregate per figure, all run at once; the
 * days without rows are filled in here so every series has one entry per UTC day. Sales, credits,
 * sign-ups, videos and their times are read from daily figures the database keeps (decision 0106),
 * a few rows a day whatever the sales; the rest are range scans on indexed time columns of small
 * tables (reversals, disputes, screenings).
 */
import { modelHealth } from "../videos/model-health.js";
import type { ModelHealth } from "../../../shared/schemas/model-health.js";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/connect.js";
import { formatCents, toCents } from "../../lib/money.js";
import { PAYMENT_PROVIDERS } from "../../db/schema.js";
import { MODELS } from "../../../shared/catalogue.js";
import { vendorAccountStatus } from "../../../shared/schemas/vendor-accounts.js";
import { planStats } from "../subscriptions/plan-stats.js";
import {
  OVERVIEW_RANGE_DAYS,
  SIGNUP_SOURCES,
  type AdminOverview,
  type SignupSource,
  type OverviewRange,
  type VideoOutcome,
} from "../../../shared/schemas/admin-overview.js";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Revenue is listed in this currency for every provider, even with no orders. */
const MAIN_CURRENCY = "USD";

/**
 * The range's whole UTC days: from the first day's midnight (included) to the midnight after today (excluded).
 * @public scripts/bench-admin.mjs imports its build.
 */
export function overviewBounds(range: OverviewRange, now: Date): { from: Date; to: Date; days: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const n = OVERVIEW_RANGE_DAYS[range];
  const from = new Date(today - (n - 1) * DAY_MS);
  const to = new Date(today + DAY_MS);
  const days = Array.from({ length: n }, (_, i) => new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { from, to, days };
}

/**
 * The UTC day of a timestamp column, as that day's midnight: date_bin on an absolute instant is
 * cheaper than to_char and needs no time zone (the origin is a UTC midnight).
 */
const utcDay = (column: string) => sql.raw(`date_bin('1 day', ${column}, timestamptz '2000-01-01 00:00:00+00')`);

const between = (column: string, from: Date, to: Date): SQL =>
  sql`${sql.raw(column)} >= ${from.toISOString()}::timestamptz and ${sql.raw(column)} < ${to.toISOString()}::timestamptz`;

type Day = Date | string;

interface RevenueRow {
  day: Day;
  provider: string;
  currency: string;
  orders: number;
  amount: string;
}
interface ReversalRow {
  provider: string;
  currency: string;
  kind: string;
  count: number;
  cents: string;
}
interface DisputeRow {
  provider: string;
  currency: string;
  count: number;
}
interface CreditRow {
  day: Day;
  type: string;
  positive: boolean;
  amount: string;
}
interface VideoRow {
  day: Day;
  model: string;
  status: string;
  refunded: boolean;
  failure_kind: string | null;
  count: number;
}
interface BucketRow {
  kind: string;
  bucket: number;
  count: number;
}
interface DurationRow {
  n: number;
  median: number | null;
  p95: number | null;
}
interface AccountRow {
  id: string;
  name: string;
  is_enabled: boolean;
  total_credits: number;
  last_used: Date | string | null;
  updated_at: Date | string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The range's days in the daily figures' `day` column (a date): from the first, up to the day `to` starts. */
const dayBetween = (from: Date, to: Date): SQL =>
  sql`day >= ${from.toISOString().slice(0, 10)}::date and day < ${to.toISOString().slice(0, 10)}::date`;

// Each statement groups by plain columns (and the day) and leaves the sums to the code below:
// fewer expressions per row. The exact times' scan is index-only: video_tasks_created_idx holds
// every column it reads (migration 0019).

/** overview_sale_days, kept by veo_overview_sale_days (decision 0106): completed orders by completed_at. */
const revenueQuery = (from: Date, to: Date) => sql`
  select day::text as day, provider, currency, sum(orders)::int as orders, sum(amount)::text as amount
  from overview_sale_days
  where ${dayBetween(from, to)}
  group by 1, 2, 3
  having sum(orders) <> 0`;

/** overview_credit_days, kept by veo_overview_credit_days (decision 0106). */
const creditsQuery = (from: Date, to: Date) => sql`
  select day::text as day, type, positive, sum(amount)::text as amount
  from overview_credit_days
  where ${dayBetween(from, to)}
  group by 1, 2, 3`;

/** Refunds and lost chargebacks recorded in the range (payment_reversals_created_idx). */
const reversalsQuery = (from: Date, to: Date) => sql`
  select provider, currency, kind, count(*)::int as count, sum(amount_cents)::bigint::text as cents
  from payment_reversals
  where ${between("created_at", from, to)}
  group by 1, 2, 3`;

/** Disputes opened in the range (payment_disputes_opened_idx), and how many are undecided now. */
const disputesOpenedQuery = (from: Date, to: Date) => sql`
  select provider, currency, count(*)::int as count
  from payment_disputes
  where ${between("opened_at", from, to)}
  group by 1, 2`;
const openDisputesQuery = sql`select count(*)::int as count from payment_orders where dispute_status = 'open'`;

/** By day and sign-up method (decision 0091), from overview_user_days kept by veo_overview_user_days (decision 0106). */
const newUsersQuery = (from: Date, to: Date) => sql`
  select day::text as day, nullif(signup_method, '') as source, sum(users)::int as count
  from overview_user_days
  where ${dayBetween(from, to)}
  group by 1, 2
  having sum(users) <> 0`;

/** overview_video_days, kept by veo_overview_video_days (decision 0106); a key whose videos all moved away has 0. */
const videosQuery = (from: Date, to: Date) => sql`
  select day::text as day, model, status, refunded, nullif(failure_kind, '') as failure_kind, sum(videos)::int as count
  from overview_video_days
  where ${dayBetween(from, to)}
  group by 1, 2, 3, 4, 5
  having sum(videos) <> 0`;

/** overview_video_times over the range: how many videos took how long, in buckets 1 % wide. */
const timeBucketsQuery = (from: Date, to: Date) => sql`
  select kind, bucket, sum(videos)::int as count
  from overview_video_times
  where ${dayBetween(from, to)}
  group by 1, 2
  having sum(videos) <> 0
  order by 1, 2`;

/** The count, median and 95th percentile (continuous) of `end - created_at` in seconds, over the videos `where` keeps. */
const durationQuery = (end: string, where: SQL, from: Date, to: Date) => sql`
  select n, p[1] as median, p[2] as p95 from (
    select count(*)::int as n, percentile_cont(array[0.5, 0.95]) within group (order by date_part('epoch', ${sql.raw(end)} - created_at)) as p
    from video_tasks
    where ${between("created_at", from, to)} and ${where}
  ) as d`;

/** Each screening that did not simply pass, once (its rows share their time), by day and what became of it (decision 0089). */
const moderationQuery = (from: Date, to: Date) => sql`
  select ${utcDay("created_at")} as day, kind, count(*)::int as count from (
    select created_at,
      case when bool_or(outcome = 'review') then 'review'
           when bool_or(decision in ('deny', 'flag')) then 'refused'
           else 'unscreened' end as kind
    from moderation_events
    where ${between("created_at", from, to)}
    group by user_id, created_at
  ) as screenings
  group by 1, 2`;

const accountsQuery = sql`
  select id, name, is_enabled, total_credits, last_used, updated_at from vendor_accounts order by name, created_at, id`;

const num = (v: string | number | null | undefined) => Number(v ?? 0);
/** Seconds to the millisecond; null stays null (no videos to measure). */
const secs = (v: number | string | null | undefined) =>
  v === null || v === undefined ? null : Math.round(Number(v) * 1000) / 1000;
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const dayOf = (v: Day) => iso(v).slice(0, 10);
const rateOf = (part: number, finished: number) => (finished === 0 ? null : part / finished);
const isTrue = (v: boolean | string) => v === true || v === "t" || v === "true";

/**
 * The statements of a range, by name.
 * @public scripts/bench-admin.mjs imports its build to EXPLAIN them.
 */
export function overviewQueries(from: Date, to: Date) {
  return {
    revenue: revenueQuery(from, to),
    credits: creditsQuery(from, to),
    reversals: reversalsQuery(from, to),
    disputesOpened: disputesOpenedQuery(from, to),
    openDisputes: openDisputesQuery,
    newUsers: newUsersQuery(from, to),
    videos: videosQuery(from, to),
    timeBuckets: timeBucketsQuery(from, to),
    toVideo: durationQuery("completed_at", sql`status = 'completed'`, from, to),
    to1080p: durationQuery("hd_ready_at", sql`hd_ready_at is not null`, from, to),
    accounts: accountsQuery,
    moderation: moderationQuery(from, to),
  };
}

/**
 * A range with at most this many videos to time has its median and 95th percentile sorted from the
 * rows themselves (an index-only scan, a few milliseconds); past it they are read from the daily
 * buckets, to within 1 % (decision 0106).
 */
const EXACT_TIMES_LIMIT = 20_000;

type Duration = AdminOverview["times"]["toVideo"];

/**
 * The figures of one time: `count` is how many videos it covers (null: the buckets' total, as for
 * 1080p); `buckets` how many took how long, in 1 % buckets, ascending.
 */
async function times(
  db: Db,
  exact: SQL,
  count: number | null,
  buckets: BucketRow[],
  exactLimit: number,
): Promise<Duration> {
  const timed = buckets.reduce((n, b) => n + num(b.count), 0);
  if (timed <= exactLimit) {
    const [d] = await rows<DurationRow>(db, exact);
    return { count: num(d?.n), medianSeconds: secs(d?.median), p95Seconds: secs(d?.p95) };
  }
  return {
    count: count ?? timed,
    medianSeconds: secs(percentileOfBuckets(buckets, timed, 0.5)),
    p95Seconds: secs(percentileOfBuckets(buckets, timed, 0.95)),
    estimated: true,
  };
}

/**
 * percentile_cont over bucketed values: each value is taken as its bucket's middle,
 * exp((bucket + 0.5) / 100) seconds (the bucket is floor(ln(seconds) * 100)), then interpolated
 * between the two ranks around the fraction as PostgreSQL does.
 */
export function percentileOfBuckets(buckets: { bucket: number; count: number }[], total: number, fraction: number) {
  if (total === 0) return null;
  const position = fraction * (total - 1);
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const b of buckets) {
      seen += num(b.count);
      if (rank < seen) return Math.exp((num(b.bucket) + 0.5) / 100);
    }
    return Math.exp((num(buckets.at(-1)?.bucket) + 0.5) / 100);
  };
  const low = valueAt(Math.floor(position));
  const high = valueAt(Math.ceil(position));
  return low + (position - Math.floor(position)) * (high - low);
}

/**
 * `exactTimesLimit`: see EXACT_TIMES_LIMIT (a test sets a small one). `readHealth`: the models' health
 * (the route passes the cached reading the public model list shares, decision 0108).
 */
export async function adminOverview(
  db: Db,
  range: OverviewRange,
  now = new Date(),
  exactTimesLimit = EXACT_TIMES_LIMIT,
  readHealth: () => Promise<ModelHealth[]> = () => modelHealth(db, now),
): Promise<AdminOverview> {
  const { from, to, days } = overviewBounds(range, now);
  const q = overviewQueries(from, to);
  // Each on its own pooled connection on PostgreSQL; PGlite runs them one after another.
  const [
    revenueRows,
    creditRows,
    reversalRows,
    disputeRows,
    [openDisputes],
    userRows,
    videoRows,
    bucketRows,
    accounts,
    moderationRows,
    health,
    plans,
  ] = await Promise.all([
    rows<RevenueRow>(db, q.revenue),
    rows<CreditRow>(db, q.credits),
    rows<ReversalRow>(db, q.reversals),
    rows<DisputeRow>(db, q.disputesOpened),
    rows<{ count: number }>(db, q.openDisputes),
    rows<{ day: Day; source: string | null; count: number }>(db, q.newUsers),
    rows<VideoRow>(db, q.videos),
    rows<BucketRow>(db, q.timeBuckets),
    rows<AccountRow>(db, q.accounts),
    rows<{ day: Day; kind: string; count: number }>(db, q.moderation),
    readHealth(),
    planStats(db, now),
  ]);
  const completed = videoRows.filter((r) => r.status === "completed").reduce((n, r) => n + num(r.count), 0);
  const buckets = (kind: string) => bucketRows.filter((r) => r.kind === kind);
  // Up to exactTimesLimit videos each, the times are sorted from the rows, exactly as before.
  const [toVideo, to1080p] = await Promise.all([
    times(db, q.toVideo, completed, buckets("video"), exactTimesLimit),
    times(db, q.to1080p, null, buckets("1080p"), exactTimesLimit),
  ]);

  return {
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    days,
    revenue: revenue(
      revenueRows.map((r) => ({ ...r, day: dayOf(r.day) })),
      days,
    ),
    reversals: reversals(revenueRows, reversalRows, disputeRows, num(openDisputes?.count)),
    credits: credits(
      creditRows.map((r) => ({ ...r, day: dayOf(r.day), positive: isTrue(r.positive) })),
      days,
    ),
    newUsers: newUsers(
      userRows.map((r) => ({ day: dayOf(r.day), source: sourceOf(r.source), count: num(r.count) })),
      days,
    ),
    videos: videos(
      videoRows.map((r) => ({ ...r, day: dayOf(r.day), refunded: isTrue(r.refunded), count: num(r.count) })),
      days,
    ),
    times: { toVideo, to1080p },
    providerAccounts: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      isEnabled: a.is_enabled,
      totalCredits: num(a.total_credits),
      status: vendorAccountStatus(num(a.total_credits)),
      lastUsed: a.last_used === null ? null : iso(a.last_used),
      balanceUpdatedAt: iso(a.updated_at),
    })),
    moderation: moderation(
      moderationRows.map((r) => ({ day: dayOf(r.day), kind: r.kind, count: num(r.count) })),
      days,
    ),
    modelHealth: health,
    plans,
    generatedAt: now.toISOString(),
  };
}

type Dated<T> = Omit<T, "day"> & { day: string };

/** Both providers in USD always, then any other provider or currency that had orders. */
function revenue(revenueRows: Dated<RevenueRow>[], days: string[]): AdminOverview["revenue"] {
  const keys = new Map<string, { provider: string; currency: string }>();
  for (const provider of PAYMENT_PROVIDERS)
    keys.set(`${provider}|${MAIN_CURRENCY}`, { provider, currency: MAIN_CURRENCY });
  for (const r of revenueRows) keys.set(`${r.provider}|${r.currency}`, { provider: r.provider, currency: r.currency });
  const cents = (r: Dated<RevenueRow> | undefined) => (r ? toCents(r.amount) : 0);
  const byProvider: AdminOverview["revenue"]["byProvider"] = [];
  const byDay: AdminOverview["revenue"]["byDay"] = [];
  for (const { provider, currency } of keys.values()) {
    const mine = revenueRows.filter((r) => r.provider === provider && r.currency === currency);
    byProvider.push({
      provider,
      currency,
      orders: mine.reduce((s, r) => s + num(r.orders), 0),
      amount: formatCents(mine.reduce((s, r) => s + cents(r), 0)),
    });
    for (const day of days) {
      const row = mine.find((r) => r.day === day);
      byDay.push({ day, provider, currency, orders: num(row?.orders), amount: formatCents(cents(row)) });
    }
  }
  return { byProvider, byDay };
}

/**
 * Refunds and chargebacks per provider and currency (decision 0084), against the sales of the
 * same range: both providers always in USD, then any other pair that had sales or reversals.
 */
function reversals(
  revenueRows: RevenueRow[],
  reversalRows: ReversalRow[],
  disputeRows: DisputeRow[],
  openDisputes: number,
): AdminOverview["reversals"] {
  const keys = new Map<string, { provider: string; currency: string }>();
  const add = (provider: string, currency: string) =>
    keys.set(`${provider}|${currency}`, { provider, currency: currency.toUpperCase() });
  for (const provider of PAYMENT_PROVIDERS) add(provider, MAIN_CURRENCY);
  for (const r of [...revenueRows, ...reversalRows, ...disputeRows]) add(r.provider, r.currency.toUpperCase());
  const same = (provider: string, currency: string) => (r: { provider: string; currency: string }) =>
    r.provider === provider && r.currency.toUpperCase() === currency;
  const byProvider = [...keys.values()].map(({ provider, currency }) => {
    const mine = reversalRows.filter(same(provider, currency));
    const of = (kind: string) => {
      const k = mine.filter((r) => r.kind === kind);
      return { count: k.reduce((s, r) => s + num(r.count), 0), cents: k.reduce((s, r) => s + num(r.cents), 0) };
    };
    const refunds = of("refund");
    const chargebacks = of("chargeback");
    const salesCents = revenueRows.filter(same(provider, currency)).reduce((s, r) => s + toCents(r.amount), 0);
    return {
      provider,
      currency,
      refunds: refunds.count,
      refundedAmount: formatCents(refunds.cents),
      chargebacks: chargebacks.count,
      chargebackAmount: formatCents(chargebacks.cents),
      disputesOpened: disputeRows.filter(same(provider, currency)).reduce((s, r) => s + num(r.count), 0),
      salesAmount: formatCents(salesCents),
      rate: salesCents === 0 ? null : (refunds.cents + chargebacks.cents) / salesCents,
    };
  });
  return { byProvider, openDisputes };
}

/** Sums by type (and sign, for adjustments); usage is counted as a positive number of credits spent. */
function credits(creditRows: Dated<CreditRow>[], days: string[]): AdminOverview["credits"] {
  const sum = (of: Dated<CreditRow>[], type: string, positive?: boolean) =>
    Math.abs(
      of
        .filter((r) => r.type === type && (positive === undefined || r.positive === positive))
        .reduce((s, r) => s + num(r.amount), 0),
    );
  const spent = sum(creditRows, "usage");
  const refunded = sum(creditRows, "refund");
  return {
    sold: sum(creditRows, "purchase"),
    bonus: sum(creditRows, "bonus"),
    planCredits: sum(creditRows, "subscription"),
    expired: sum(creditRows, "expiry"),
    spent,
    refunded,
    netSpent: spent - refunded,
    adjustedUp: sum(creditRows, "adjustment", true),
    adjustedDown: sum(creditRows, "adjustment", false),
    byDay: days.map((day) => {
      const mine = creditRows.filter((r) => r.day === day);
      return { day, sold: sum(mine, "purchase"), spent: sum(mine, "usage"), refunded: sum(mine, "refund") };
    }),
  };
}

const sourceOf = (method: string | null): SignupSource =>
  SIGNUP_SOURCES.find((s) => s === method && s !== "unknown") ?? "unknown";

/** Sign-ups per day, each day's total and its split by source; the range's totals by source. */
function newUsers(
  userRows: { day: string; source: SignupSource; count: number }[],
  days: string[],
): AdminOverview["newUsers"] {
  const counts = (rows: typeof userRows) =>
    Object.fromEntries(
      SIGNUP_SOURCES.map((source) => [
        source,
        rows.filter((r) => r.source === source).reduce((n, r) => n + r.count, 0),
      ]),
    ) as Record<SignupSource, number>;
  return {
    total: userRows.reduce((s, r) => s + r.count, 0),
    bySource: counts(userRows),
    byDay: days.map((day) => {
      const ofDay = userRows.filter((r) => r.day === day);
      return { day, count: ofDay.reduce((n, r) => n + r.count, 0), ...counts(ofDay) };
    }),
  };
}

/**
 * A video's outcome: refused (the provider refused the prompt for its content, decision 0082: the
 * person's prompt, not a failure); failed; completed and refunded; completed; anything else is still
 * in progress.
 */
function outcomeOf(r: { status: string; refunded: boolean; failure_kind: string | null }): VideoOutcome | "refused" {
  if (r.status === "failed") return r.failure_kind === "refused" ? "refused" : "failed";
  if (r.status === "completed") return r.refunded ? "refunded" : "completed";
  return "inProgress";
}

/** The catalogue's models first (in its order), then any other model that made videos. */
function videos(videoRows: Dated<VideoRow>[], days: string[]): AdminOverview["videos"] {
  const seen = new Set(videoRows.map((r) => r.model));
  const models = [
    ...MODELS.filter((m) => seen.has(m)),
    ...[...seen].filter((m) => !(MODELS as readonly string[]).includes(m)).sort(),
  ];
  const counts = (of: Dated<VideoRow>[]) => {
    const t = { completed: 0, refunded: 0, failed: 0, inProgress: 0 };
    for (const r of of) {
      const outcome = outcomeOf(r);
      if (outcome !== "refused") t[outcome] += r.count;
    }
    return t;
  };
  const withRates = (of: Dated<VideoRow>[]) => {
    const t = counts(of);
    // Refused prompts are neither failures nor finished videos: they stay out of both rates.
    const refused = of.filter((r) => outcomeOf(r) === "refused").reduce((s, r) => s + r.count, 0);
    const finished = t.completed + t.refunded + t.failed;
    // Credits given back: every refunded completed video, and the failed ones (refunded automatically).
    const givenBack = of
      .filter((r) => r.refunded && outcomeOf(r) !== "refused" && (r.status === "completed" || r.status === "failed"))
      .reduce((s, r) => s + r.count, 0);
    return {
      total: finished + t.inProgress + refused,
      ...t,
      refused,
      failureRate: rateOf(t.failed, finished),
      refundRate: rateOf(givenBack, finished),
    };
  };
  return {
    ...withRates(videoRows),
    byModel: models.map((model) => ({ model, ...withRates(videoRows.filter((r) => r.model === model)) })),
    byDay: models.flatMap((model) =>
      days.map((day) => ({ day, model, ...counts(videoRows.filter((r) => r.model === model && r.day === day)) })),
    ),
  };
}

/** Screenings per day: refused for their prompt, refused unscreened, let through for review. */
function moderation(
  screeningRows: { day: string; kind: string; count: number }[],
  days: string[],
): NonNullable<AdminOverview["moderation"]> {
  const byDay = days.map((day) => {
    const of = (kind: string) => screeningRows.find((r) => r.day === day && r.kind === kind)?.count ?? 0;
    return { day, refused: of("refused"), unscreened: of("unscreened"), review: of("review") };
  });
  const total = (kind: "refused" | "unscreened" | "review") => byDay.reduce((sum, d) => sum + d[kind], 0);
  return { refused: total("refused"), unscreened: total("unscreened"), review: total("review"), byDay };
}
