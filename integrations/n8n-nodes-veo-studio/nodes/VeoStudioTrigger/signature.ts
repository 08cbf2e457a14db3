/**
 * Standard Webhooks verification, exactly as Veo Studio signs (its signature.ts): the secret is
 * `whsec_` + base64 key bytes; `webhook-signature` holds one or more `v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, space-separated (two during a secret rotation). Compared in constant
 * time; a timestamp further than the tolerance from now (a replay, or a clock far off) fails.
 */
import { createHmac, timingSafeEqual } from 'crypto';

const PREFIX = 'whsec_';
/** Standard Webhooks' default: five minutes either way. */
export const TOLERANCE_SECONDS = 300;

export interface SignedDelivery {
	id: string | undefined;
	timestamp: string | undefined;
	signature: string | undefined;
	/** The body exactly as received. */
	body: string | Buffer;
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

function expected(secret: string, content: Buffer): Buffer {
	const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
	return createHmac('sha256', key).update(content).digest();
}

/** Does any of `secrets` sign this delivery, within the tolerance of `nowSeconds`? */
export function verifyDelivery(
	delivery: SignedDelivery,
	secrets: readonly string[],
	nowSeconds: number,
	toleranceSeconds = TOLERANCE_SECONDS,
): VerifyResult {
	const { id, timestamp, signature } = delivery;
	if (!id || !timestamp || !signature) return { ok: false, reason: 'The webhook headers are missing' };
	if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'The webhook timestamp is not a number' };
	if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds)
		return { ok: false, reason: 'The webhook timestamp is too old or too new' };
	if (secrets.length === 0) return { ok: false, reason: 'No signing secret is stored for this trigger' };
	const body = typeof delivery.body === 'string' ? Buffer.from(delivery.body, 'utf8') : delivery.body;
	const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), body]);
	const given = signature
		.split(' ')
		.filter((part) => part.startsWith('v1,'))
		.map((part) => Buffer.from(part.slice(3), 'base64'));
	for (const secret of secrets) {
		const mac = expected(secret, content);
		for (const candidate of given) {
			if (candidate.length === mac.length && timingSafeEqual(candidate, mac)) return { ok: true };
		}
	}
	return { ok: false, reason: 'The webhook signature does not match' };
}
