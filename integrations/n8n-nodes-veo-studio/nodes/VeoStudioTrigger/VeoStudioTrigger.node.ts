import {
	NodeConnectionTypes,
	type IDataObject,
	type IHookFunctions,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';
import { apiError, call, CREDENTIAL, send } from '../VeoStudio/transport';
import { verifyDelivery } from './signature';

/** What the trigger keeps in the workflow's static data: one registration per webhook URL. */
interface Registration {
	endpointId: string;
	secret: string;
}
type Registrations = Record<string, Registration>;

function registrations(ctx: IHookFunctions | IWebhookFunctions): Registrations {
	const data = ctx.getWorkflowStaticData('node');
	if (typeof data.registrations !== 'object' || data.registrations === null) data.registrations = {};
	return data.registrations as Registrations;
}

function webhookUrl(ctx: IHookFunctions): string {
	return ctx.getNodeWebhookUrl('default') as string;
}

const sameEvents = (a: string[], b: string[]) => a.length === b.length && a.every((e) => b.includes(e));

export class VeoStudioTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Veo Studio Trigger',
		name: 'veoStudioTrigger',
		icon: { light: 'file:../../icons/veoStudio.svg', dark: 'file:../../icons/veoStudio.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '=On video finished: {{$parameter["events"].join(", ")}}',
		description: 'Starts the workflow when a video is finished (or failed) in Veo Studio',
		defaults: { name: 'On Video Finished' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL, required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: [
					{
						name: 'Video Completed',
						value: 'video.completed',
						description: 'A video is ready (its 720p file first for 16:9 Veo videos)',
					},
					{
						name: 'Video Failed',
						value: 'video.failed',
						description: 'A video could not be made; its credits were refunded',
					},
					{
						name: 'Video HD Ready',
						value: 'video.hd_ready',
						description: 'The 1080p or 4K version of a video is ready',
					},
				],
				default: ['video.completed', 'video.failed'],
			},
		],
	};

	webhookMethods = {
		default: {
			/** Registered already: the endpoint this URL was registered as still exists with these events. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const url = webhookUrl(this);
				const mine = registrations(this)[url];
				if (!mine) return false;
				const answer = await send(this, 'GET', `/api/n8n/webhooks/${encodeURIComponent(mine.endpointId)}`);
				if (answer.statusCode === 404) {
					delete registrations(this)[url];
					return false;
				}
				if (answer.statusCode !== 200) throw apiError(this, answer);
				const events = this.getNodeParameter('events') as string[];
				return (
					answer.body.url === url &&
					answer.body.enabled === true &&
					sameEvents((answer.body.events as string[]) ?? [], events)
				);
			},
			/** Registers this URL (the product keeps one endpoint per URL) and keeps its signing secret. */
			async create(this: IHookFunctions): Promise<boolean> {
				const url = webhookUrl(this);
				const events = this.getNodeParameter('events') as string[];
				const answer = await call(this, 'PUT', '/api/n8n/webhooks', {
					body: { url, events, description: `n8n: ${this.getWorkflow().name ?? 'workflow'}`.slice(0, 200) },
				});
				const endpoint = answer.endpoint as IDataObject;
				registrations(this)[url] = { endpointId: String(endpoint.id), secret: String(answer.secret) };
				return true;
			},
			/** Removes this URL's endpoint; one deleted already (on the API page) is fine. */
			async delete(this: IHookFunctions): Promise<boolean> {
				const url = webhookUrl(this);
				const mine = registrations(this)[url];
				if (!mine) return true;
				const answer = await send(this, 'DELETE', `/api/n8n/webhooks/${encodeURIComponent(mine.endpointId)}`);
				if (answer.statusCode !== 200 && answer.statusCode !== 404) throw apiError(this, answer);
				delete registrations(this)[url];
				return true;
			},
		},
	};

	/**
	 * Every delivery is verified before the workflow starts: signed by a secret this node
	 * registered (its test or production URL), within five minutes. Anything else is answered 401
	 * and starts nothing.
	 */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject() as ReturnType<IWebhookFunctions['getRequestObject']> & {
			rawBody?: Buffer;
		};
		const headers = this.getHeaderData() as IDataObject;
		const header = (name: string) => (typeof headers[name] === 'string' ? (headers[name] as string) : undefined);
		const secrets = Object.values(registrations(this)).map((r) => r.secret);
		const verdict = verifyDelivery(
			{
				id: header('webhook-id'),
				timestamp: header('webhook-timestamp'),
				signature: header('webhook-signature'),
				body: request.rawBody ?? JSON.stringify(this.getBodyData()),
			},
			secrets,
			Math.floor(Date.now() / 1000),
		);
		const response = this.getResponseObject();
		if (!verdict.ok) {
			response.status(401).json({ message: verdict.reason });
			return { noWebhookResponse: true };
		}
		const event = this.getBodyData();
		const events = this.getNodeParameter('events') as string[];
		// A test event from the API page, or one this trigger no longer listens to: received, not run.
		if (!events.includes(String(event.type))) {
			response.status(200).json({ received: true });
			return { noWebhookResponse: true };
		}
		return {
			workflowData: [this.helpers.returnJsonArray([{ ...event, webhookId: header('webhook-id') }])],
		};
	}
}
