/**
 * The automation API's fixed numbers (issue 6, decision 0017): API tokens' shape and the
 * bearer-token /api/n8n endpoints' limits. Its schemas are in schemas/automation.ts, its routes
 * in api/automation.ts.
 */

/** Every token starts with this, so people (and secret scanners) recognise one. */
export const TOKEN_PREFIX = "veo_";
/** Lists keep this many characters at each end of a token and mask the middle. */
const TOKEN_VISIBLE_CHARS = 8;
export const TOKEN_NAME_MAX = 100;
/** Base64 images sent to /api/n8n/generate are kept this long, then deleted. */
export const BASE64_IMAGE_TTL_HOURS = 24;
/** What the automation guide suggests between status checks. */
export const POLL_SECONDS = { min: 15, max: 30 } as const;
/**
 * How long the webhook workflow's Wait node waits for the callback. Longer than the server's
 * default task timeout (30 minutes, then the video fails and video.failed is sent) plus the first
 * webhook retries, so a slow video still reports its end through the callback rather than through
 * the time limit.
 */
export const WEBHOOK_WAIT_MINUTES = 60;

/** The first and last 8 characters, the middle masked (decision 0017). */
export function maskToken(token: string): string {
  if (token.length <= TOKEN_VISIBLE_CHARS * 2) return "•".repeat(token.length);
  return `${token.slice(0, TOKEN_VISIBLE_CHARS)}${"•".repeat(8)}${token.slice(-TOKEN_VISIBLE_CHARS)}`;
}
