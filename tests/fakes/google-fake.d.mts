/** Types for google-fake.mjs (plain JavaScript so Playwright's webServer can run it with node). */
export const FAKE_ISSUER: string;

export interface GoogleFakeOptions {
  clientId: string;
  clientSecret: string;
  port?: number;
  host?: string;
  /** Redirect from /authorize at once instead of showing the consent page. */
  autoApprove?: boolean;
  idTokenTtlSeconds?: number;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  email_verified?: boolean;
  name: string;
}

export interface GoogleFake {
  url: string;
  urls: { auth: string; token: string; userinfo: string; jwks: string };
  /** Every POST /token form, oldest first. */
  tokenCalls: Record<string, string>[];
  /** Who signs in at the next /authorize. */
  setIdentity(identity: GoogleIdentity): void;
  /** Puts these claims into the next ID tokens (e.g. a wrong aud); `otherKey` signs them with a key not in /jwks. */
  setClaimOverrides(claims: Record<string, unknown>, otherKey?: boolean): void;
  setAutoApprove(value: boolean): void;
  /** While down, connections are dropped without an answer. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export function startGoogleFake(options: GoogleFakeOptions): Promise<GoogleFake>;
