/** How long OAuth's pieces live (decision 0169). */
export const CODE_TTL_MS = 10 * 60_000;
/** Short, so a leaked access token is worth little; the client refreshes without the person. */
export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 90 * 24 * 3600_000;
/** A Client ID Metadata Document is read again when its copy is older than this. */
export const CLIENT_METADATA_FRESH_MS = 60 * 60_000;
