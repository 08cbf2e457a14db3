/**
 * How Generate and Wait checks a video: as the API documents, every 15 to 30 seconds (the first
 * check after 15 s, each wait half again as long, at most 30 s), longer when the server says so
 * with Retry-After. Pure, so it is tested without n8n.
 */
export interface PollInterval {
	minMs: number;
	maxMs: number;
}

export const DOCUMENTED_POLL: PollInterval = { minMs: 15_000, maxMs: 30_000 };

/** The waits between checks, forever: min, then ×1.5 each time, capped at max. */
export function* pollDelays({ minMs, maxMs }: PollInterval): Generator<number, never> {
	let delay = Math.min(minMs, maxMs);
	for (;;) {
		yield delay;
		delay = Math.min(maxMs, Math.max(delay * 1.5, 1));
	}
}

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+$/.test(text)) return Number(text) * 1000;
	const at = Date.parse(text);
	return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The next wait: the schedule's, or the server's Retry-After when longer, never past the deadline.
 * Undefined when the deadline has come: stop waiting.
 */
export function nextWait(scheduled: number, retryAfter: number | undefined, now: number, deadline: number): number | undefined {
	const left = deadline - now;
	if (left <= 0) return undefined;
	return Math.min(Math.max(scheduled, retryAfter ?? 0), left);
}
