/**
 * The screeners a prompt goes through (decision 0089): the admin's rules, always, and Creem's
 * moderation API while Creem payments are on (or the built-in simulator speaking it while videos
 * are simulated and Creem payments are off), unless the admin turned Creem's screening off.
 */
import type { Config } from "../../config.js";
import { CreemClient } from "../../integrations/creem/client.js";
import { CreemError } from "../../integrations/creem/errors.js";
import type { ModerationDecision, ModerationRule, ModerationScreener } from "../../../shared/schemas/moderation.js";
import { creemSettings } from "../payments/payment-settings.js";
import type { Settings } from "../settings/service.js";
import { matcherFor } from "./rule-matcher.js";

export interface Verdict {
  screener: ModerationScreener;
  decision: ModerationDecision;
  /** The rule that matched, Creem's id of the screening, or why it could not be asked. */
  detail?: string;
}

export interface Screener {
  name: ModerationScreener;
  screen(text: string, userId: string): Promise<Verdict>;
}

export interface CreemModerationDeps {
  config: Pick<Config, "payments"> & { moderationTimeoutMs: number };
  /** Whether new videos would be made by the simulator now (nothing real is configured). */
  simulatedVideos(): Promise<boolean>;
  /** Where this process reaches the simulator, and the key it accepts. */
  simulator: { baseUrl: string; apiKey: string };
}

/** The admin's rules as a screener. */
export function rulesScreener(rules: readonly ModerationRule[]): Screener | undefined {
  const matcher = matcherFor(rules);
  if (matcher.empty) return undefined;
  return {
    name: "rules",
    screen: async (text) => {
      const hit = matcher.match(text);
      return hit
        ? { screener: "rules", decision: hit.kind, detail: hit.rule }
        : { screener: "rules", decision: "allow" };
    },
  };
}

/** Which moderation endpoint speaks Creem's protocol now, if any. */
export async function creemEndpoint(
  deps: CreemModerationDeps,
  settings: Settings,
): Promise<{ screener: "creem" | "simulator"; baseUrl: string; apiKey: string } | undefined> {
  if (!settings.moderationCreemEnabled) return undefined;
  const creem = creemSettings(settings, deps.config);
  if (creem) return { screener: "creem", baseUrl: creem.baseUrl, apiKey: creem.apiKey };
  // A demo with no keys at all still shows screening at work, through the simulator's stand-in.
  if (await deps.simulatedVideos()) return { screener: "simulator", ...deps.simulator };
  return undefined;
}

/** Creem's moderation (or the simulator's) as a screener: one call, a few seconds at most, no retry. */
export async function creemScreener(deps: CreemModerationDeps, settings: Settings): Promise<Screener | undefined> {
  const endpoint = await creemEndpoint(deps, settings);
  if (!endpoint) return undefined;
  const client = new CreemClient({
    baseUrl: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    timeoutMs: deps.config.moderationTimeoutMs,
  });
  const name = endpoint.screener;
  return {
    name,
    screen: async (text, userId) => {
      try {
        const result = await client.screenPrompt(text, userId);
        return { screener: name, decision: result.decision, ...(result.id ? { detail: result.id } : {}) };
      } catch (err) {
        if (!(err instanceof CreemError)) throw err;
        return { screener: name, decision: "unavailable", detail: err.message };
      }
    },
  };
}
