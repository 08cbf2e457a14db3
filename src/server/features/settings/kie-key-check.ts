/**
 * A KIE key is tried before it is saved (decision 0074): a wrong key saved unchecked takes the
 * product off the simulator and fails every customer's next video. KIE's balance call
 * (GET /api/v1/chat/credit) costs nothing and needs a working key.
 */
import type { Config } from "../../config.js";
import { AppError } from "../../http/errors.js";
import { KieClient } from "../../integrations/kie/client.js";
import { KieError } from "../../integrations/kie/errors.js";
import { reasoned } from "../../../shared/error-reasons.js";

/** An admin waits for the answer: at most this long, whatever KIE_TIMEOUT_MS says. */
const CHECK_TIMEOUT_MS = 10_000;

export interface KieKeyChecker {
  /** Resolves with the key's KIE balance; throws a 422 AppError saying why the key cannot be saved. */
  check(key: string): Promise<number>;
}

/**
 * Keys are tried where they will be used: KIE_BASE_URL; with VIDEO_PROVIDER=simulator every video
 * is the simulator's, so the simulator answers (and refuses its marked keys, docs/simulator.md).
 */
export function kieKeyChecker(config: Config, simulatorBaseUrl: string): KieKeyChecker {
  const baseUrl = config.videoProvider === "simulator" ? simulatorBaseUrl : config.kie.baseUrl;
  return {
    async check(key) {
      const client = new KieClient({
        baseUrl,
        uploadBaseUrl: baseUrl,
        apiKey: key,
        timeoutMs: Math.min(config.kie.timeoutMs, CHECK_TIMEOUT_MS),
      });
      try {
        return await client.credits();
      } catch (err) {
        throw keyCheckError(err);
      }
    },
  };
}

function keyCheckError(err: unknown): AppError {
  if (err instanceof KieError && err.kind === "unauthorized") {
    return new AppError("unprocessable", "KIE refused this key: check it in your KIE.ai account. Nothing was saved.", {
      ...reasoned("kie_key_refused"),
    });
  }
  const detail = err instanceof Error ? err.message : String(err);
  return new AppError("unprocessable", `KIE could not be reached to test this key (${detail}). Nothing was saved.`, {
    ...reasoned("kie_unreachable"),
  });
}
