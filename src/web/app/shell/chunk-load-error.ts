import { UnexpectedResponseError } from "@/lib/api";

/**
 * True for code that failed to download: after a deploy the old hashed files are gone, and the
 * browser says so in its own words (Chromium, Firefox, Safari; Vite's CSS preload). Also for an
 * answer this page's code does not understand (decision 0040): the server was updated.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof UnexpectedResponseError) return true; // an answer from a newer or older server
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk/i.test(
    error.message,
  );
}

export const reload = () => window.location.reload();
