import { createHash } from 'crypto';
import {
	NodeConnectionTypes,
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { getAspectRatios, getDurations, getModels, getModes, getResolutions } from './catalogue';
import { properties } from './description';
import { DOCUMENTED_POLL, nextWait, pollDelays, retryAfterMs } from './polling';
import { apiError, call, CREDENTIAL, send } from './transport';

/** The options collection's fields that go into the request as they are. */
const PASSED_OPTIONS = [
	'mode',
	'aspectRatio',
	'durationSeconds',
	'resolution',
	'audio',
	'upgrade4k',
	'variants',
	'draft',
];

export class VeoStudio implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Veo Studio',
		name: 'veoStudio',
		icon: { light: 'file:../../icons/veoStudio.svg', dark: 'file:../../icons/veoStudio.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Make AI videos with sound from a prompt or images, and manage them',
		defaults: { name: 'Veo Studio' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL, required: true }],
		properties,
	};

	methods = {
		loadOptions: { getModels, getModes, getAspectRatios, getDurations, getResolutions },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < items.length; i++) {
			try {
				const results = await runOperation(this, i);
				for (const json of results) out.push({ json, pairedItem: { item: i } });
			} catch (error) {
				if (!this.continueOnFail()) throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: i });
				out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
			}
		}
		return [out];
	}
}

/**
 * The same key for the same execution, node, item and request: n8n retrying a node never pays
 * twice. The request's hash is part of it because an AI Agent calls its tool more than once in
 * one execution (as item 0 each time), and a key reused for another request is refused.
 */
function idempotencyKey(ctx: IExecuteFunctions, operation: string, i: number, request: IDataObject): string {
	const digest = createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 16);
	return `n8n-${ctx.getExecutionId()}-${ctx.getNode().id}-${operation}-${i}-${digest}`;
}

function generateBody(ctx: IExecuteFunctions, i: number): IDataObject {
	const options = ctx.getNodeParameter('options', i, {}) as IDataObject;
	const body: IDataObject = {
		prompt: ctx.getNodeParameter('prompt', i) as string,
		model: ctx.getNodeParameter('model', i) as string,
	};
	for (const field of PASSED_OPTIONS) {
		const value = options[field];
		if (value !== undefined && value !== '') body[field] = field === 'durationSeconds' ? Number(value) : value;
	}
	if (typeof options.seed === 'number') body.seeds = options.seed;
	const images = (options.imageUrls as string[] | undefined)?.filter((url) => url.trim() !== '');
	if (images && images.length > 0) body.imageUrls = images;
	if (typeof options.callbackUrl === 'string' && options.callbackUrl.trim() !== '')
		body.callbackUrl = options.callbackUrl.trim();
	return body;
}

async function runOperation(ctx: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const resource = ctx.getNodeParameter('resource', i) as string;
	const operation = ctx.getNodeParameter('operation', i) as string;
	if (resource === 'account') return [await call(ctx, 'GET', '/api/n8n/balance')];
	const videoId = () => (ctx.getNodeParameter('videoId', i) as string).trim();
	switch (operation) {
		case 'generate': {
			const body = generateBody(ctx, i);
			return [
				await call(ctx, 'POST', '/api/n8n/generate', {
					body,
					headers: { 'idempotency-key': idempotencyKey(ctx, operation, i, body) },
				}),
			];
		}
		case 'generateAndWait': {
			const body = generateBody(ctx, i);
			const started = await call(ctx, 'POST', '/api/n8n/generate', {
				body,
				headers: { 'idempotency-key': idempotencyKey(ctx, operation, i, body) },
			});
			const timeout = (ctx.getNodeParameter('timeoutMinutes', i, 15) as number) * 60_000;
			const deadline = Date.now() + timeout;
			const taskIds = (started.taskIds as string[] | undefined) ?? [String(started.taskId)];
			const finished: IDataObject[] = [];
			for (const taskId of taskIds) {
				const status = await waitForVideo(ctx, taskId, deadline);
				finished.push({ ...status, creditsUsed: started.creditsUsed, remainingCredits: started.remainingCredits });
			}
			return finished;
		}
		case 'getStatus':
			return [await call(ctx, 'GET', `/api/n8n/video-status/${encodeURIComponent(videoId())}`)];
		case 'upgrade4k':
			// Asking again while it is made, or once it exists, is a 409 that charges nothing.
			return [await call(ctx, 'POST', `/api/n8n/videos/${encodeURIComponent(videoId())}/upgrade-4k`)];
		case 'makeFinal': {
			// The same key whenever n8n runs the item again: one final per draft and execution.
			const key = idempotencyKey(ctx, operation, i, { taskId: videoId() });
			return [
				await call(ctx, 'POST', `/api/n8n/videos/${encodeURIComponent(videoId())}/final`, {
					headers: { 'idempotency-key': key },
				}),
			];
		}
		case 'extend': {
			const options = ctx.getNodeParameter('extendOptions', i, {}) as IDataObject;
			const body: IDataObject = { prompt: ctx.getNodeParameter('prompt', i) as string };
			if (typeof options.model === 'string' && options.model !== '') body.model = options.model;
			if (typeof options.seeds === 'number') body.seeds = options.seeds;
			const key = idempotencyKey(ctx, operation, i, { ...body, taskId: videoId() });
			return [await extendWhenSaved(ctx, videoId(), body, key)];
		}
		case 'list': {
			const filters = ctx.getNodeParameter('filters', i, {}) as IDataObject;
			const args: IDataObject = { limit: ctx.getNodeParameter('limit', i, 50) as number };
			for (const field of ['page', 'status', 'model', 'q']) {
				if (filters[field] !== undefined && filters[field] !== '') args[field] = filters[field];
			}
			const listed = await call(ctx, 'GET', '/api/n8n/videos', { qs: args });
			return (listed.videos as IDataObject[] | undefined) ?? [];
		}
		default:
			throw new NodeOperationError(ctx.getNode(), `The operation "${operation}" is not known`, { itemIndex: i });
	}
}

/** How long Extend waits for a just-finished video to be saved before it can be continued. */
const SAVING_WAIT_MS = 120_000;
const SAVING_RETRY_MS = 15_000;

/**
 * Extends a video; one that has just finished may still be being saved (409
 * extend_file_saving, nothing charged): asked again every 15 s for up to two minutes. Each try
 * has its own key (the key's first answer is kept), the same ones whenever n8n runs the item
 * again, so a retried node never starts a second extension.
 */
async function extendWhenSaved(
	ctx: IExecuteFunctions,
	taskId: string,
	body: IDataObject,
	key: string,
): Promise<IDataObject> {
	const deadline = Date.now() + SAVING_WAIT_MS;
	for (let attempt = 0; ; attempt++) {
		const answer = await send(ctx, 'POST', `/api/n8n/videos/${encodeURIComponent(taskId)}/extend`, {
			body,
			headers: { 'idempotency-key': `${key}-${attempt}` },
		});
		if (answer.statusCode >= 200 && answer.statusCode < 300) return answer.body;
		const saving = answer.statusCode === 409 && answer.body.reason === 'extend_file_saving';
		if (!saving || Date.now() + SAVING_RETRY_MS > deadline) throw apiError(ctx, answer);
		await sleep(SAVING_RETRY_MS);
	}
}

/**
 * Checks the video as the API documents (every 15 to 30 seconds, longer on Retry-After) until it
 * is completed or failed. A failed video is an answer, not an error: it says why and the refund.
 * A lost connection, 429 or 5xx is checked again later; another refusal (401, 404) fails at once.
 */
async function waitForVideo(ctx: IExecuteFunctions, taskId: string, deadline: number): Promise<IDataObject> {
	const delays = pollDelays(DOCUMENTED_POLL);
	let retryAfter: number | undefined;
	let last: IDataObject | undefined;
	for (;;) {
		const wait = nextWait(delays.next().value, retryAfter, Date.now(), deadline);
		if (wait === undefined) break;
		await sleep(wait);
		retryAfter = undefined;
		let answer;
		try {
			answer = await send(ctx, 'GET', `/api/n8n/video-status/${encodeURIComponent(taskId)}`);
		} catch (error) {
			// A lost connection: the video goes on; check again on the next turn.
			last = { message: (error as Error).message };
			continue;
		}
		if (answer.statusCode === 429 || answer.statusCode >= 500) {
			retryAfter = retryAfterMs(answer.headers['retry-after']);
			continue;
		}
		if (answer.statusCode !== 200) throw apiError(ctx, answer);
		last = answer.body;
		if (answer.body.status === 'completed' || answer.body.status === 'failed') return answer.body;
	}
	throw new NodeOperationError(
		ctx.getNode(),
		`The video ${taskId} was not finished within the timeout; it goes on being made`,
		{
			description: `Use Get Status with this video ID later, or raise Timeout (Minutes). Last answer: ${JSON.stringify(last ?? {})}`,
		},
	);
}
