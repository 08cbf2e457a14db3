/** Types for turnstile-fake.mjs (plain JavaScript so Playwright's webServer can run it with node). */
export interface TurnstileFakeOptions {
  port?: number;
  host?: string;
  /** The secret siteverify accepts (invalid-input-secret for others); any when not given. */
  secret?: string;
  /** The `hostname` its answers name (default localhost). */
  hostname?: string;
}

/** One siteverify call, as it came. */
export interface Verification {
  secret: string;
  response: string;
  remoteip: string | undefined;
  idempotencyKey: string | undefined;
  /** What the fake answered. */
  success: boolean;
}

export interface TurnstileFake {
  url: string;
  verifyUrl: string;
  scriptUrl: string;
  /** Every siteverify call, oldest first. */
  verifications: Verification[];
  setSecret(secret: string | undefined): void;
  /** While down, siteverify's connections are dropped without an answer. */
  setDown(down: boolean): void;
  /** The next `times` checks answer Cloudflare's internal-error. */
  failNext(times: number): void;
  close(): Promise<void>;
}

export function startTurnstileFake(options?: TurnstileFakeOptions): Promise<TurnstileFake>;
