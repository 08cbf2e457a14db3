/**
 * What the polled reads keep in memory (decision 0031): every open page asks for its user, its
 * task list and its generating tasks every few seconds, and each generation reads the settings
 * and the provider accounts.
 * All of it is dropped on the database's change announcements (FreshCache).
 */
import type { SessionRow } from "../identity/sessions.js";
import type { Settings } from "../features/settings/service.js";
import type { CreditSplit } from "../../shared/schemas/credit-split.js";
import type { TaskRow } from "../features/videos/task-state.js";
import type { VendorModelTable } from "../features/vendor-models/mappings.js";
import { FreshCache, SETTINGS_GROUP } from "./fresh-cache.js";
import type { LiveEvents } from "./live-events.js";

/** A task list as sent: JSON text in UTF-8 bytes, and its entity tag. */
export interface TaskListBody {
  userId: string;
  body: Buffer;
  etag: string;
}

/** The enabled provider accounts, richest first, tokens opened (video-vendors.ts picks among them per video). */
export interface VendorAccountKeys {
  accounts: Array<{
    id: string;
    token: string;
    vendor: string;
    totalCredits: number;
    modelCosts: Partial<Record<string, number>>;
  }>;
  /** An enabled KIE account exists, even one whose token this process cannot open: KIE is not simulated. */
  anyKieAccount: boolean;
}

export interface ReadCaches {
  /** By session id (the cookie's hash). */
  sessions: FreshCache<SessionRow>;
  /** By `userId:taskId`. */
  tasks: FreshCache<TaskRow>;
  /** By the user and the query. */
  taskLists: FreshCache<TaskListBody>;
  /** By user: a balance and which of it expires when (decision 0151), read with the user. */
  creditSplits: FreshCache<CreditSplit & { userId: string }>;
  /** One entry. */
  settings: FreshCache<Settings>;
  /** One entry. */
  vendorAccounts: FreshCache<VendorAccountKeys>;
  /** One entry: the model ids in force per vendor (decision 0173; migration 0076 announces their changes). */
  vendorModels: FreshCache<VendorModelTable>;
}

const MINUTE = 60_000;

export function createReadCaches(events: LiveEvents): ReadCaches {
  return {
    // A few hundred bytes each.
    sessions: new FreshCache<SessionRow>(events, {
      kinds: ["user", "session"],
      groupOf: (s) => s.session.user.id,
      maxWeight: 20_000,
      ttlMs: 10 * MINUTE,
    }),
    tasks: new FreshCache<TaskRow>(events, {
      kinds: ["task"],
      groupOf: (t) => t.userId,
      maxWeight: 10_000,
      ttlMs: 10 * MINUTE,
    }),
    // Weighed in bytes: a long list is 60-80 KB.
    taskLists: new FreshCache<TaskListBody>(events, {
      kinds: ["task"],
      groupOf: (l) => l.userId,
      weigh: (l) => l.body.length,
      maxWeight: 16 * 1024 * 1024,
      // "The last 14 days" moves with the clock.
      ttlMs: MINUTE,
    }),
    // Every balance change writes the users row, which announces a "user" change.
    creditSplits: new FreshCache<CreditSplit & { userId: string }>(events, {
      kinds: ["user"],
      groupOf: (s) => s.userId,
      maxWeight: 20_000,
      // A lot's expiry moves with the clock, and a plan's grace moves its lots without the balance.
      ttlMs: MINUTE,
    }),
    settings: new FreshCache<Settings>(events, {
      kinds: ["settings"],
      groupOf: () => SETTINGS_GROUP,
      maxWeight: 1,
      ttlMs: 10 * MINUTE,
    }),
    vendorAccounts: new FreshCache<VendorAccountKeys>(events, {
      kinds: ["settings"],
      groupOf: () => SETTINGS_GROUP,
      maxWeight: 10,
      ttlMs: 10 * MINUTE,
    }),
    vendorModels: new FreshCache<VendorModelTable>(events, {
      kinds: ["settings"],
      groupOf: () => SETTINGS_GROUP,
      maxWeight: 1,
      ttlMs: 10 * MINUTE,
    }),
  };
}
