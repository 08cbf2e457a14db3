/**
 * The notify triggers announce a row's change only when a watched column changed (decision 0066):
 * a column a page or the API shows but the trigger does not watch leaves every process's caches
 * and open pages stale. Each table column is either watched or listed below as not shown, with
 * why; every watched column exists. The lists are read from src/server/db/functions/*.sql, which
 * tests/integration/database-functions.test.ts holds equal to the migrated database.
 */
import { getTableColumns, type Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readFunctionFile } from "../../src/server/db/function-files.js";
import { users, videoTasks } from "../../src/server/db/schema.js";
import { toTaskView } from "../../src/server/features/videos/queries.js";
import type { TaskRow } from "../../src/server/features/videos/task-state.js";

/** The columns of a trigger's `(OLD.a, OLD.b, ...) IS DISTINCT FROM (NEW.a, NEW.b, ...)`; both sides must name the same. */
function watchedColumns(functionName: string): string[] {
  const text = readFunctionFile(functionName).text;
  const found = /\(([^()]*)\)\s*IS DISTINCT FROM\s*\(([^()]*)\)/.exec(text);
  if (!found) throw new Error(`functions/${functionName}.sql compares no (OLD...) IS DISTINCT FROM (NEW...) row`);
  const side = (list: string, prefix: string) =>
    list.split(",").map((item) => {
      const name = item.trim();
      if (!name.startsWith(prefix)) throw new Error(`${functionName}: ${name} is not ${prefix}<column>`);
      return name.slice(prefix.length);
    });
  const old = side(found[1]!, "OLD.");
  expect(side(found[2]!, "NEW."), `${functionName}: the NEW row names the OLD row's columns in the same order`).toEqual(
    old,
  );
  return old;
}

const columnsOf = (table: Table) => Object.values(getTableColumns(table)).map((c) => c.name);

/** What is wrong with a trigger's watched list against a table's columns and its "not shown" list. */
function problems(columns: string[], watched: string[], notShown: Record<string, string>): string[] {
  const found: string[] = [];
  for (const c of columns)
    if (!watched.includes(c) && !(c in notShown)) found.push(`${c} is neither watched nor listed as not shown`);
  for (const c of watched) if (!columns.includes(c)) found.push(`${c} is watched but is no column`);
  for (const c of Object.keys(notShown)) {
    if (!columns.includes(c)) found.push(`${c} is listed as not shown but is no column`);
    if (watched.includes(c)) found.push(`${c} is listed as not shown but is watched`);
  }
  return found;
}

/** video_tasks columns no page, event stream or API answer shows (toTaskView), so their changes are not news. */
const TASK_COLUMNS_NOT_SHOWN: Record<string, string> = {
  enable_fallback: "a generation option sent to the provider, never shown",
  hd_ready_at: "the admin overview's figure, read fresh (not through the task caches)",
  refunded_at: "ledger bookkeeping; the task view shows `refunded`",
  vendor_account_id: "which provider account made it: server-side only",
  provider_source: "which provider key made it: server-side only",
  provider_surface: "which KIE surface made it: server-side only",
  next_check_at: "task worker bookkeeping",
  check_attempts: "task worker bookkeeping",
  lease_until: "task worker bookkeeping",
  hd_attempts: "task worker bookkeeping",
  uhd_attempts: "task worker bookkeeping",
  keep_extendable: "set once at creation; it shows through hd_status 'held'",
  callback_url: "where the automation API's webhook goes: set once at creation, never shown",
  vendor_model: "the vendor's model name: set with task_id when the vendor takes it",
  vendor_cost: "what the vendor charged: the admin overview's figure, set with status (watched)",
  explore_published_at: "when it was published to Explore: the feed reads it live, set with explore_status (watched)",
  explore_featured_at: "featured in Explore: the feed and the admin's Explore tab read it live, never cached",
  remix_of: "the Explore video it remixes: counted live by the feed, not in the task view",
};

/** users columns the sessions cache (identity/sessions.ts) does not hold: read fresh where shown. */
const USER_COLUMNS_NOT_SHOWN: Record<string, string> = {
  id: "never changes",
  google_id: "the Google connection is read fresh",
  low_credits_threshold: "the webhook settings read it fresh; veo_webhook_credits_low uses it",
  video_count: "the admin's user list reads it fresh (kept by veo_count_user_videos)",
  created_at: "never changes",
  notify_video_ready: "the notice choices on /my-account are read fresh",
  notify_video_failed: "the notice choices on /my-account are read fresh",
  notify_low_balance: "the notice choices on /my-account are read fresh",
  notify_new_sign_in: "the notice choices on /my-account are read fresh",
  signup_method: "the admin's overview and user page read it fresh",
  max_videos_in_flight: "generation reads it fresh when it counts the videos in progress",
  password_changed_at: "only a link sent by mail reads it, fresh, when it is used",
  referral_code: "the referral section reads it fresh; it is set once and never changes",
};

describe("the notify triggers' watched columns", () => {
  it("veo_notify_task watches every video_tasks column a page or the API shows", () => {
    expect(problems(columnsOf(videoTasks), watchedColumns("veo_notify_task"), TASK_COLUMNS_NOT_SHOWN)).toEqual([]);
  });

  it("veo_notify_task watches every column the task view (pages, event streams, API) reads", () => {
    const read = new Set<string>();
    const row = new Proxy({} as TaskRow, {
      get(_target, key) {
        read.add(String(key));
        return new Date(0);
      },
    });
    toTaskView(row);
    const columns = getTableColumns(videoTasks) as Record<string, { name: string }>;
    const readColumns = [...read].map((key) => columns[key]?.name ?? `${key} (no column)`);
    expect(readColumns.length).toBeGreaterThan(20);
    const watched = watchedColumns("veo_notify_task");
    expect(readColumns.filter((c) => !watched.includes(c))).toEqual([]);
  });

  it("veo_notify_user watches every users column the sessions cache holds", () => {
    expect(problems(columnsOf(users), watchedColumns("veo_notify_user"), USER_COLUMNS_NOT_SHOWN)).toEqual([]);
  });

  it("the check finds a column added to the table and a column dropped from the watched list", () => {
    const columns = [...columnsOf(videoTasks), "new_shown_field"];
    const watched = watchedColumns("veo_notify_task").filter((c) => c !== "status");
    expect(problems(columns, [...watched, "gone_column"], TASK_COLUMNS_NOT_SHOWN)).toEqual(
      expect.arrayContaining([
        "status is neither watched nor listed as not shown",
        "new_shown_field is neither watched nor listed as not shown",
        "gone_column is watched but is no column",
      ]),
    );
  });
});
