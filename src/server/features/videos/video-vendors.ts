/**
 * Which KIE key makes a video. In order: enabled provider accounts (kie_apis) that can afford it,
 * richest first; the admin's kieToken; KIE_API_KEY; and, when none is configured (or
 * VIDEO_PROVIDER=simulator), the built-in simulator. A task remembers its key's source so its
 * status and 1080p calls use the same key.
 */
import { and, desc, eq, gt, gte, sql } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { kieApis } from "../../db/schema.js";
import { KieClient } from "../../integrations/kie/client.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { VeoModel } from "../../../shared/catalogue.js";
import type { KieSurface } from "../../../shared/schemas/settings.js";
import type { Settings } from "../settings/service.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import type { KieAccountKeys } from "../../events/read-caches.js";
import { notifyProviderLow, notifyProviderProblem } from "../notifications/outbox.js";
import { KIE_AVAILABLE_THRESHOLD } from "../../../shared/schemas/kie-apis.js";

/** What a video of each model costs a provider account, as the admin set it per account. */
const ACCOUNT_COST = {
  veo3: kieApis.veo3QualityCredits,
  veo3_fast: kieApis.veo3FastCredits,
  veo3_lite: kieApis.veo3LiteCredits,
} satisfies Record<VeoModel, unknown>;

type KieKeySource = "account" | "settings" | "env" | "simulator";

export interface KieKey {
  source: KieKeySource;
  kieApiId?: string;
  client: KieClient;
}

export interface KieKeyPoolDeps {
  db: Db;
  secretBox: SecretBox;
  config: Config;
  /** The admin settings (kieToken), through the settings cache. */
  readSettings(): Promise<Settings>;
  /** Announced changes of kie_apis drop it (migration 0005). */
  accountsCache: FreshCache<KieAccountKeys>;
  /** Where this process reaches the simulator over HTTP, and the key it accepts. */
  simulator: { baseUrl: string; apiKey: string };
}

export class KieKeyPool {
  constructor(private readonly deps: KieKeyPoolDeps) {}

  private kieClient(apiKey: string, surface: KieSurface): KieClient {
    const { kie } = this.deps.config;
    return new KieClient({
      surface,
      baseUrl: kie.baseUrl,
      uploadBaseUrl: kie.uploadBaseUrl,
      apiKey,
      timeoutMs: kie.timeoutMs,
    });
  }

  private simulatorKey(surface: KieSurface): KieKey {
    const { baseUrl, apiKey } = this.deps.simulator;
    return {
      source: "simulator",
      client: new KieClient({
        surface,
        baseUrl,
        uploadBaseUrl: baseUrl,
        apiKey,
        timeoutMs: this.deps.config.kie.timeoutMs,
      }),
    };
  }

  /** Keys to try for a new video, best first, on the surface the admin chose. Empty never: the simulator is the last resort. */
  async candidatesFor(model: VeoModel): Promise<KieKey[]> {
    const settings = await this.deps.readSettings();
    const surface = settings.kieSurface as KieSurface;
    if (this.deps.config.videoProvider === "simulator") return [this.simulatorKey(surface)];
    const { accounts } = (await this.deps.accountsCache.get(model, () => this.affordingAccounts(model)))!;
    const keys: KieKey[] = accounts.map((a) => ({
      source: "account",
      kieApiId: a.id,
      client: this.kieClient(a.token, surface),
    }));
    if (settings.kieToken) keys.push({ source: "settings", client: this.kieClient(settings.kieToken, surface) });
    if (this.deps.config.kie.apiKey)
      keys.push({ source: "env", client: this.kieClient(this.deps.config.kie.apiKey, surface) });
    return keys.length > 0 ? keys : [this.simulatorKey(surface)];
  }

  private async affordingAccounts(model: VeoModel): Promise<KieAccountKeys> {
    const cost = ACCOUNT_COST[model];
    const rows = await this.deps.db
      .select({ id: kieApis.id, token: kieApis.tokenEncrypted })
      .from(kieApis)
      .where(and(eq(kieApis.isEnabled, true), gte(kieApis.totalCredits, cost)))
      .orderBy(desc(kieApis.totalCredits));
    const accounts: KieAccountKeys["accounts"] = [];
    for (const a of rows) {
      const token = this.open(a.token);
      if (token) accounts.push({ id: a.id, token });
    }
    return { accounts };
  }

  /** True when new videos would be made by the simulator (nothing real is configured). */
  async isSimulated(): Promise<boolean> {
    if (this.deps.config.videoProvider === "simulator") return true;
    if (this.deps.config.kie.apiKey) return false;
    const [account] = await this.deps.db
      .select({ id: kieApis.id })
      .from(kieApis)
      .where(eq(kieApis.isEnabled, true))
      .limit(1);
    if (account) return false;
    return !(await this.deps.readSettings()).kieToken;
  }

  /** The key that made an existing task, as a key to submit with (an extension of it). */
  async keyOf(task: { providerSource: string; kieApiId: string | null; providerSurface?: string }): Promise<KieKey> {
    return {
      source: task.providerSource as KieKeySource,
      ...(task.kieApiId ? { kieApiId: task.kieApiId } : {}),
      client: await this.clientFor(task),
    };
  }

  /** The client for an existing task, on the surface that made it: the key that created it, or the best remaining one. */
  async clientFor(task: {
    providerSource: string;
    kieApiId: string | null;
    providerSurface?: string;
  }): Promise<KieClient> {
    const surface = (task.providerSurface ?? "veo") as KieSurface;
    if (task.providerSource === "simulator") return this.simulatorKey(surface).client;
    if (task.providerSource === "account" && task.kieApiId) {
      const [a] = await this.deps.db
        .select({ token: kieApis.tokenEncrypted })
        .from(kieApis)
        .where(eq(kieApis.id, task.kieApiId));
      const token = a && this.open(a.token);
      if (token) return this.kieClient(token, surface);
    }
    if (task.providerSource !== "env") {
      const settings = await this.deps.readSettings();
      if (settings.kieToken) return this.kieClient(settings.kieToken, surface);
    }
    if (this.deps.config.kie.apiKey) return this.kieClient(this.deps.config.kie.apiKey, surface);
    // The key is gone; KIE will answer unauthorized and the task will be retried, then time out.
    return this.kieClient("", surface);
  }

  /** After a video was accepted on an account: what it cost the account, and when. */
  async recordAccountUse(kieApiId: string, model: VeoModel): Promise<void> {
    const cost = ACCOUNT_COST[model];
    const [account] = await this.deps.db
      .update(kieApis)
      .set({
        totalCredits: sql`greatest(${kieApis.totalCredits} - ${cost}, 0)`,
        totalUsage: sql`${kieApis.totalUsage} + ${cost}`,
        lastUsed: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(kieApis.id, kieApiId))
      .returning({ name: kieApis.name, totalCredits: kieApis.totalCredits, cost });
    // Once, when this video took the account below the 'Available' line.
    const crossed =
      account &&
      account.totalCredits < KIE_AVAILABLE_THRESHOLD &&
      account.totalCredits + account.cost >= KIE_AVAILABLE_THRESHOLD;
    if (crossed) await notifyProviderLow(this.deps.db, account);
  }

  /** KIE said the account is out of credits (balance 0) or its key is rejected (disabled). */
  async markAccount(kieApiId: string, problem: "insufficient_credits" | "unauthorized"): Promise<void> {
    const unauthorized = problem === "unauthorized";
    // Only a change is news: an account already disabled (or empty) is not reported again.
    const [changed] = await this.deps.db
      .update(kieApis)
      .set(unauthorized ? { isEnabled: false, updatedAt: new Date() } : { totalCredits: 0, updatedAt: new Date() })
      .where(and(eq(kieApis.id, kieApiId), unauthorized ? eq(kieApis.isEnabled, true) : gt(kieApis.totalCredits, 0)))
      .returning({ name: kieApis.name });
    if (changed) await notifyProviderProblem(this.deps.db, changed, problem);
  }

  private open(sealed: string): string | undefined {
    try {
      return this.deps.secretBox.decrypt(sealed);
    } catch {
      return undefined;
    }
  }
}
