/**
 * OAuth2 access tokens, shared by every PaypalClient of the process: a token lives about 9 h, so
 * asking for one per request would be slow and could hit PayPal's limits. Keyed by host, client
 * id and a fingerprint of the secret, so an admin's new secret is used at once. Concurrent callers
 * share one token request.
 */
import crypto from "node:crypto";

export interface CachedToken {
  accessToken: string;
  /** Epoch ms at which PayPal stops accepting it. */
  expiresAt: number;
  /** Epoch ms after which a new one is fetched. */
  refreshAt: number;
}

/** Refresh this long before expiry (or halfway through a very short-lived token). */
const REFRESH_MARGIN_MS = 5 * 60_000;

export class TokenCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly inflight = new Map<string, Promise<CachedToken>>();

  constructor(private readonly now: () => number = Date.now) {}

  static key(baseUrl: string, clientId: string, clientSecret: string): string {
    const fingerprint = crypto.createHash("sha256").update(clientSecret).digest("hex").slice(0, 16);
    return `${baseUrl}|${clientId}|${fingerprint}`;
  }

  /** A usable token for `key`, fetched with `fetchToken` when missing or about to expire. */
  async get(
    key: string,
    fetchToken: () => Promise<{ accessToken: string; expiresInSeconds: number }>,
  ): Promise<string> {
    const cached = this.tokens.get(key);
    if (cached && this.now() < cached.refreshAt) return cached.accessToken;
    let pending = this.inflight.get(key);
    if (!pending) {
      const requestedAt = this.now();
      pending = fetchToken()
        .then(({ accessToken, expiresInSeconds }) => {
          const lifeMs = Math.max(0, expiresInSeconds * 1000);
          const token = {
            accessToken,
            expiresAt: requestedAt + lifeMs,
            refreshAt: requestedAt + lifeMs - Math.min(REFRESH_MARGIN_MS, lifeMs / 2),
          };
          this.tokens.set(key, token);
          return token;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return (await pending).accessToken;
  }

  /** PayPal refused `accessToken` (revoked, or expired early): forget it unless already replaced. */
  invalidate(key: string, accessToken: string): void {
    if (this.tokens.get(key)?.accessToken === accessToken) this.tokens.delete(key);
  }
}

/** The process-wide cache the app uses. */
export const sharedTokenCache = new TokenCache();
