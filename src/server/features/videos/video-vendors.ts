/**
 * Who makes a video (issue 42, decision 0098). Each vendor whose adapter makes the model, in the
 * order the catalogue gives (KIE, then Google for Veo), each with its keys best first: KIE's
 * enabled accounts that can afford the video (richest first), the admin's kieToken, KIE_API_KEY;
 * Google's enabled accounts, then GEMINI_API_KEY. Without any KIE key (or with
 * VIDEO_PROVIDER=simulator) KIE is the built-in simulator, and Google's accounts then reach the
 * simulator's Gemini fake, so failover can be tried offline (and a model only Google makes, Gemini
 * Omni Flash, is made there even without a Google account). Google's `gemini-` ids speak the
 * Interactions API, its `veo-` ids predictLongRunning (decision 0176). A task remembers its vendor,
 * key source and surface so its status and upgrades are read with the same key.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { vendorAccounts } from "../../db/schema.js";
import { KieClient } from "../../integrations/kie/client.js";
import { KieMarketMaker, KieVeoMaker } from "../../integrations/kie/kie-makers.js";
import { GEMINI_DEFAULT_MODEL_IDS, GoogleVeoMaker } from "../../integrations/google/veo-maker.js";
import { GoogleInteractionsMaker, isInteractionsModelId } from "../../integrations/google/interactions-maker.js";
import { VertexVeoMaker } from "../../integrations/google/vertex-maker.js";
import {
  AccessTokens,
  isServiceAccountKey,
  parseServiceAccountKey,
  type ServiceAccountKey,
} from "../../integrations/google/service-account.js";
import type { Vendor, VideoMaker } from "../../integrations/video/port.js";
import { VendorError } from "../../integrations/video/errors.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { MODEL_CATALOGUE, type ModelId, type VideoOptions } from "../../../shared/catalogue.js";
import type { KieSurface } from "../../../shared/schemas/settings.js";
import type { Settings } from "../settings/service.js";
import type { FreshCache } from "../../events/fresh-cache.js";
import type { VendorAccountKeys } from "../../events/read-caches.js";
import { notifyProviderLow, notifyProviderProblem } from "../notifications/outbox.js";
import { KIE_AVAILABLE_THRESHOLD } from "../../../shared/schemas/vendor-accounts.js";
import { vendorCostOf } from "../../../shared/vendor-costs.js";
import { mappingOf, type VendorModelTable } from "../vendor-models/mappings.js";
import type { GoogleLookup, VertexLookup } from "../vendor-models/model-check.js";

type ModelIds = Partial<Record<ModelId, string>>;

export type KeySource = "account" | "settings" | "env" | "simulator";

/** One way to make a video: a vendor, the key's source (and account) and the adapter holding the key. */
export interface VendorKey {
  vendor: Vendor;
  source: KeySource;
  vendorAccountId?: string;
  maker: VideoMaker;
}

/** A KIE key a first frame can be made with (decision 0161): the Market's client holding it. */
export interface ImageKey {
  source: KeySource;
  vendorAccountId?: string;
  client: KieClient;
}

/** A task as far as finding its maker goes. */
export interface MadeBy {
  vendor?: string;
  providerSource: string;
  vendorAccountId: string | null;
  providerSurface?: string;
}

export interface VideoVendorsDeps {
  db: Db;
  secretBox: SecretBox;
  config: Config;
  /** The admin settings (kieToken, kieSurface), through the settings cache. */
  readSettings(): Promise<Settings>;
  /** Announced changes of vendor_accounts drop it (migration 0005). */
  accountsCache: FreshCache<VendorAccountKeys>;
  /** The model ids in force per vendor (decision 0173), through a cache their changes drop. */
  readVendorModels(): Promise<VendorModelTable>;
  /** Where this process reaches the simulator over HTTP (and where its links point), and the key it accepts. */
  simulator: { baseUrl: string; publicBaseUrl?: string; apiKey: string };
}

/** A vertex account's stored secret as a service account key (undefined when it is not one). */
function serviceAccount(text: string): ServiceAccountKey | undefined {
  const key = parseServiceAccountKey(text);
  return isServiceAccountKey(key) ? key : undefined;
}

/** The vendors tried for a model, in order: the admin's, else the catalogue's; only vendors that make it. */
export function vendorsFor(model: ModelId, settings: Pick<Settings, "vendorOrder">): readonly Vendor[] {
  const makers = MODEL_CATALOGUE[model].vendors;
  const own = settings.vendorOrder[model]?.filter((v): v is Vendor => (makers as readonly string[]).includes(v));
  return own && own.length > 0 ? own : makers;
}

export class VideoVendors {
  /** Vertex AI's access tokens, per service account, for this process (decision 0177). */
  private readonly vertexTokens = new AccessTokens();

  constructor(private readonly deps: VideoVendorsDeps) {}

  private kieClient(apiKey: string, simulated: boolean): KieClient {
    const { kie } = this.deps.config;
    const base = simulated ? this.deps.simulator.baseUrl : kie.baseUrl;
    return new KieClient({
      baseUrl: base,
      uploadBaseUrl: simulated ? base : kie.uploadBaseUrl,
      apiKey,
      timeoutMs: kie.timeoutMs,
    });
  }

  /** KIE's adapter for a surface; non-Veo models are made on the Market whatever the admin chose for Veo. */
  private kieMaker(apiKey: string, surface: KieSurface, simulated: boolean, ids: ModelIds = {}): VideoMaker {
    const client = this.kieClient(apiKey, simulated);
    // The simulator fetches our URLs itself; a real KIE gets our files uploaded first.
    return surface === "market" ? new KieMarketMaker(client, !simulated, ids) : new KieVeoMaker(client, !simulated);
  }

  /**
   * Google's adapter: the Interactions API (decision 0176) when the model's id speaks it (a
   * `gemini-` id, or a task made there), else predictLongRunning for Veo's ids.
   */
  private googleMaker(apiKey: string, simulated: boolean, modelIds?: ModelIds, interactions = false): VideoMaker {
    const { gemini: google } = this.deps.config;
    const where = simulated
      ? { baseUrl: `${this.deps.simulator.baseUrl}/v1beta`, apiKey: this.deps.simulator.apiKey }
      : { baseUrl: google.baseUrl, apiKey };
    if (interactions)
      return new GoogleInteractionsMaker({
        ...where,
        timeoutMs: google.timeoutMs,
        modelIds: { ...GEMINI_DEFAULT_MODEL_IDS, ...modelIds },
      });
    return new GoogleVeoMaker({
      ...where,
      timeoutMs: google.timeoutMs,
      // The simulator's video links name its public URL, not the loopback one this process calls.
      ...(simulated && this.deps.simulator.publicBaseUrl
        ? { keyOrigins: [new URL(this.deps.simulator.publicBaseUrl).origin] }
        : {}),
      ...(modelIds ? { modelIds } : {}),
    });
  }

  /** Where Google's model lookup is asked (decision 0173): the simulator's fake, or Google with the best Google key. */
  async googleLookup(): Promise<GoogleLookup | undefined> {
    const { gemini } = this.deps.config;
    const simulated = await this.isSimulated();
    const account = (await this.accounts()).accounts.find((a) => a.vendor === "google");
    if (simulated) {
      // Google's accounts reach the simulator's fake while KIE is simulated, as videos do.
      if (!account) return undefined;
      return {
        baseUrl: `${this.deps.simulator.baseUrl}/v1beta`,
        apiKey: this.deps.simulator.apiKey,
        timeoutMs: gemini.timeoutMs,
      };
    }
    const apiKey = account?.token ?? gemini.apiKey;
    return apiKey ? { baseUrl: gemini.baseUrl, apiKey, timeoutMs: gemini.timeoutMs } : undefined;
  }

  // ---- Vertex AI (decision 0177) ----

  /** Vertex's adapter for a service account; while KIE is simulated, against the simulator's fake. */
  private vertexMaker(key: ServiceAccountKey | undefined, simulated: boolean, modelIds?: ModelIds): VideoMaker {
    const v = this.deps.config.vertex;
    const where = simulated ? this.vertexSimulator() : { baseUrl: v.baseUrl, tokenUrl: v.tokenUrl };
    return new VertexVeoMaker({
      ...where,
      key,
      project: v.project ?? key?.projectId,
      location: v.location,
      tokens: this.vertexTokens,
      timeoutMs: v.timeoutMs,
      ...(modelIds ? { modelIds } : {}),
    });
  }

  /** The simulator's Vertex fake: its API root and its token URL, on the simulator's loopback base. */
  private vertexSimulator() {
    const base = this.deps.simulator.baseUrl;
    return { baseUrl: `${base}/vertex/v1`, tokenUrl: `${base}/vertex/token` };
  }

  /** Vertex keys, best first: the enabled vertex accounts, then VERTEX_SERVICE_ACCOUNT_KEY (not while simulated). */
  private vertexKeys(accounts: VendorAccountKeys["accounts"], simulated: boolean, ids?: ModelIds): VendorKey[] {
    const keys: VendorKey[] = [];
    const { vertex } = this.deps.config;
    for (const a of accounts.filter((x) => x.vendor === "vertex")) {
      const key = serviceAccount(a.token);
      // A key without a project has nowhere to make videos (saving one is refused without VERTEX_PROJECT).
      if (key && (vertex.project ?? key.projectId))
        keys.push({
          vendor: "vertex",
          source: "account",
          vendorAccountId: a.id,
          maker: this.vertexMaker(key, simulated, ids),
        });
    }
    const env = vertex.serviceAccountKey;
    if (env && !simulated && (vertex.project ?? env.projectId))
      keys.push({ vendor: "vertex", source: "env", maker: this.vertexMaker(env, false, ids) });
    return keys;
  }

  /** Where Vertex's publisher models are looked up (decision 0177): the fake while simulated, else Vertex. */
  async vertexLookup(): Promise<VertexLookup | undefined> {
    const v = this.deps.config.vertex;
    const simulated = await this.isSimulated();
    const { accounts } = await this.accounts();
    const fromAccount = accounts
      .map((a) => (a.vendor === "vertex" ? serviceAccount(a.token) : undefined))
      .find(Boolean);
    const key = fromAccount ?? (simulated ? undefined : v.serviceAccountKey);
    if (!key) return undefined;
    const where = simulated ? this.vertexSimulator() : { baseUrl: v.baseUrl, tokenUrl: v.tokenUrl };
    const tokens = this.vertexTokens;
    return {
      baseUrl: where.baseUrl,
      timeoutMs: v.timeoutMs,
      token: () => tokens.tokenFor(key, where.tokenUrl, v.timeoutMs),
    };
  }

  private surfaceFor(model: ModelId, settings: Settings): KieSurface {
    return MODEL_CATALOGUE[model].family === "veo" ? (settings.kieSurface as KieSurface) : "market";
  }

  /** Keys to try for a new video, vendor by vendor, best first. Never empty: the KIE simulator is the last resort. */
  async candidatesFor(model: ModelId, options: VideoOptions): Promise<VendorKey[][]> {
    const settings = await this.deps.readSettings();
    const surface = this.surfaceFor(model, settings);
    const simulated = await this.isSimulated();
    const { accounts } = await this.accounts();
    const table = await this.deps.readVendorModels();
    const groups: VendorKey[][] = [];
    // Deprecated mappings (decision 0173) are used only when no other vendor can make the model.
    const deprecated: VendorKey[][] = [];
    let anyUsable = false;
    for (const vendor of vendorsFor(model, settings)) {
      const mapping = mappingOf(table, model, vendor);
      // Deactivated, or found gone by its last check: never sent work.
      if (mapping && !mapping.usable) continue;
      anyUsable = true;
      // Google's surfaces are always told the mapped id; KIE only an id the admin changed.
      const mappedIds = mapping ? { [model]: mapping.vendorModelId } : undefined;
      const ids: ModelIds = {};
      if (mapping?.overridden && mapping.vendorModelId !== mapping.defaultVendorModelId)
        ids[model] = mapping.vendorModelId;
      const keys: VendorKey[] = [];
      if (vendor === "kie") {
        if (simulated) keys.push(this.simulatorKey(surface, ids));
        else {
          for (const a of accounts.filter((x) => x.vendor === "kie")) {
            if (a.totalCredits >= vendorCostOf(model, options, a.modelCosts))
              keys.push({
                vendor,
                source: "account",
                vendorAccountId: a.id,
                maker: this.kieMaker(a.token, surface, false, ids),
              });
          }
          if (settings.kieToken)
            keys.push({ vendor, source: "settings", maker: this.kieMaker(settings.kieToken, surface, false, ids) });
          if (this.deps.config.kie.apiKey)
            keys.push({
              vendor,
              source: "env",
              maker: this.kieMaker(this.deps.config.kie.apiKey, surface, false, ids),
            });
        }
      } else if (vendor === "vertex") {
        keys.push(...this.vertexKeys(accounts, simulated, mappedIds));
      } else {
        // A gemini- id speaks the Interactions API, whichever model it is mapped to (decision 0176).
        const interactions = isInteractionsModelId((mappedIds ?? GEMINI_DEFAULT_MODEL_IDS)[model]);
        for (const a of accounts.filter((x) => x.vendor === "google"))
          keys.push({
            vendor,
            source: "account",
            vendorAccountId: a.id,
            maker: this.googleMaker(a.token, simulated, mappedIds, interactions),
          });
        if (this.deps.config.gemini.apiKey && !simulated)
          keys.push({
            vendor,
            source: "env",
            maker: this.googleMaker(this.deps.config.gemini.apiKey, false, mappedIds, interactions),
          });
        // Offline without a Google account, a model only Google makes is made by the simulator's Gemini fake.
        if (keys.length === 0 && simulated && !MODEL_CATALOGUE[model].vendors.includes("kie"))
          keys.push({ vendor, source: "simulator", maker: this.googleMaker("", true, mappedIds, interactions) });
      }
      const making = keys.filter((k) => k.maker.makes(model));
      if (making.length > 0) (mapping?.state === "deprecated" ? deprecated : groups).push(making);
    }
    if (groups.length > 0) return groups;
    if (deprecated.length > 0) return deprecated;
    // No mapping is usable: generate refuses such a model before this (model-offer.ts); never send it.
    if (!anyUsable)
      throw new VendorError("rejected", `No vendor can make ${model} now: its model ids are deactivated or gone`);
    return [[this.simulatorKey(surface)]];
  }

  private simulatorKey(surface: KieSurface, ids: ModelIds = {}): VendorKey {
    return { vendor: "kie", source: "simulator", maker: this.kieMaker(this.deps.simulator.apiKey, surface, true, ids) };
  }

  private async enabledAccounts(): Promise<VendorAccountKeys> {
    const rows = await this.deps.db
      .select({
        id: vendorAccounts.id,
        token: vendorAccounts.tokenEncrypted,
        vendor: vendorAccounts.vendor,
        totalCredits: vendorAccounts.totalCredits,
        modelCosts: vendorAccounts.modelCosts,
      })
      .from(vendorAccounts)
      .where(eq(vendorAccounts.isEnabled, true))
      .orderBy(desc(vendorAccounts.totalCredits));
    const accounts: VendorAccountKeys["accounts"] = [];
    for (const a of rows) {
      const token = this.open(a.token);
      if (token) accounts.push({ ...a, token });
    }
    return { accounts, anyKieAccount: rows.some((a) => a.vendor === "kie") };
  }

  /** The enabled accounts, from memory while the database's change announcements are heard. */
  private async accounts(): Promise<VendorAccountKeys> {
    return (await this.deps.accountsCache.get("accounts", () => this.enabledAccounts()))!;
  }

  /** True when KIE's videos are made by the simulator (no KIE key is configured, or VIDEO_PROVIDER=simulator). */
  async isSimulated(): Promise<boolean> {
    if (this.deps.config.videoProvider === "simulator") return true;
    if (this.deps.config.kie.apiKey) return false;
    if ((await this.accounts()).anyKieAccount) return false;
    return !(await this.deps.readSettings()).kieToken;
  }

  /** The key that made an existing task, as a key to submit with (an extension of it). */
  async keyOf(task: MadeBy): Promise<VendorKey> {
    return {
      vendor: (task.vendor ?? "kie") as Vendor,
      source: task.providerSource as KeySource,
      ...(task.vendorAccountId ? { vendorAccountId: task.vendorAccountId } : {}),
      maker: await this.makerFor(task),
    };
  }

  /** The adapter for an existing task, on the surface that made it: the key that created it, or the best remaining one. */
  async makerFor(task: MadeBy): Promise<VideoMaker> {
    const vendor = (task.vendor ?? "kie") as Vendor;
    const stored =
      task.providerSource === "account" && task.vendorAccountId
        ? await this.accountToken(task.vendorAccountId)
        : undefined;
    if (vendor === "vertex") {
      const key =
        (stored === undefined ? undefined : serviceAccount(stored)) ?? this.deps.config.vertex.serviceAccountKey;
      return this.vertexMaker(key, await this.isSimulated());
    }
    if (vendor === "google") {
      const simulated = task.providerSource === "simulator" || (await this.isSimulated());
      return this.googleMaker(
        stored ?? this.deps.config.gemini.apiKey ?? "",
        simulated,
        undefined,
        task.providerSurface === "interactions",
      );
    }
    const surface = (task.providerSurface ?? "veo") as KieSurface;
    if (task.providerSource === "simulator") return this.kieMaker(this.deps.simulator.apiKey, surface, true);
    if (stored) return this.kieMaker(stored, surface, false);
    if (task.providerSource !== "env") {
      const settings = await this.deps.readSettings();
      if (settings.kieToken) return this.kieMaker(settings.kieToken, surface, false);
    }
    // The key may be gone; KIE then answers unauthorized and the task is retried, then times out.
    return this.kieMaker(this.deps.config.kie.apiKey ?? "", surface, false);
  }

  /**
   * KIE keys to make a first frame with (decision 0161), best first, as for a video: the enabled
   * KIE accounts holding at least `credits`, the admin's kieToken, KIE_API_KEY; the simulator when
   * KIE's videos are simulated (or no key is left).
   */
  async imageKeys(credits: number): Promise<ImageKey[]> {
    const simulator: ImageKey = { source: "simulator", client: this.kieClient(this.deps.simulator.apiKey, true) };
    if (await this.isSimulated()) return [simulator];
    const settings = await this.deps.readSettings();
    const keys: ImageKey[] = [];
    for (const a of (await this.accounts()).accounts)
      if (a.vendor === "kie" && a.totalCredits >= credits)
        keys.push({ source: "account", vendorAccountId: a.id, client: this.kieClient(a.token, false) });
    if (settings.kieToken) keys.push({ source: "settings", client: this.kieClient(settings.kieToken, false) });
    if (this.deps.config.kie.apiKey)
      keys.push({ source: "env", client: this.kieClient(this.deps.config.kie.apiKey, false) });
    return keys.length > 0 ? keys : [simulator];
  }

  /** The client of the key that made an image task (decision 0161), or the best remaining one. */
  async imageClientFor(task: Pick<MadeBy, "providerSource" | "vendorAccountId">): Promise<KieClient> {
    if (task.providerSource === "simulator") return this.kieClient(this.deps.simulator.apiKey, true);
    const stored =
      task.providerSource === "account" && task.vendorAccountId
        ? await this.accountToken(task.vendorAccountId)
        : undefined;
    if (stored) return this.kieClient(stored, false);
    const settings = await this.deps.readSettings();
    if (task.providerSource !== "env" && settings.kieToken) return this.kieClient(settings.kieToken, false);
    return this.kieClient(this.deps.config.kie.apiKey ?? "", false);
  }

  private async accountToken(id: string): Promise<string | undefined> {
    const [a] = await this.deps.db
      .select({ token: vendorAccounts.tokenEncrypted })
      .from(vendorAccounts)
      .where(eq(vendorAccounts.id, id));
    return a && this.open(a.token);
  }

  /** After a video was accepted on an account: what it cost the account (in the vendor's credits), and when. */
  async recordAccountUse(vendorAccountId: string, model: ModelId, options: VideoOptions): Promise<void> {
    const [row] = await this.deps.db
      .select({ modelCosts: vendorAccounts.modelCosts })
      .from(vendorAccounts)
      .where(eq(vendorAccounts.id, vendorAccountId));
    if (!row) return;
    const cost = vendorCostOf(model, options, row.modelCosts);
    const [account] = await this.deps.db
      .update(vendorAccounts)
      .set({
        totalCredits: sql`greatest(${vendorAccounts.totalCredits} - ${cost}, 0)`,
        totalUsage: sql`${vendorAccounts.totalUsage} + ${cost}`,
        lastUsed: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(vendorAccounts.id, vendorAccountId))
      .returning({
        name: vendorAccounts.name,
        totalCredits: vendorAccounts.totalCredits,
        vendor: vendorAccounts.vendor,
      });
    // Once, when this video took a KIE account below the 'Available' line.
    const crossed =
      account?.vendor === "kie" &&
      account.totalCredits < KIE_AVAILABLE_THRESHOLD &&
      account.totalCredits + cost >= KIE_AVAILABLE_THRESHOLD;
    if (crossed) await notifyProviderLow(this.deps.db, account);
  }

  /** The vendor said the account is out of credits (balance 0) or its key is rejected (disabled). */
  async markAccount(vendorAccountId: string, problem: "insufficient_credits" | "unauthorized"): Promise<void> {
    const unauthorized = problem === "unauthorized";
    // Only a change is news: an account already disabled (or empty) is not reported again.
    const [changed] = await this.deps.db
      .update(vendorAccounts)
      .set(unauthorized ? { isEnabled: false, updatedAt: new Date() } : { totalCredits: 0, updatedAt: new Date() })
      .where(
        and(
          eq(vendorAccounts.id, vendorAccountId),
          unauthorized ? eq(vendorAccounts.isEnabled, true) : gt(vendorAccounts.totalCredits, 0),
        ),
      )
      .returning({ name: vendorAccounts.name });
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
