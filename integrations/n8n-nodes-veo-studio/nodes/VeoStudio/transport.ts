import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

export const CREDENTIAL = 'veoStudioApi';

type Context = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions;

export interface ApiAnswer {
	statusCode: number;
	headers: IDataObject;
	body: IDataObject;
}

/** The credential's base URL without a trailing slash. */
export async function baseUrl(ctx: Context): Promise<string> {
	const credentials = await ctx.getCredentials(CREDENTIAL);
	return String(credentials.baseUrl ?? '').replace(/\/+$/, '');
}

/**
 * A request to Veo Studio with the credential's token, answered whatever its status: the caller
 * decides (polling waits on 429 and 5xx; everything else raises apiError).
 */
export async function send(
	ctx: Context,
	method: IHttpRequestMethods,
	path: string,
	options: { body?: IDataObject; qs?: IDataObject; headers?: IDataObject } = {},
): Promise<ApiAnswer> {
	const request: IHttpRequestOptions = {
		method,
		url: (await baseUrl(ctx)) + path,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		headers: { accept: 'application/json', ...options.headers },
	};
	if (options.body !== undefined) request.body = options.body;
	if (options.qs !== undefined) request.qs = options.qs;
	const answer = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL, request)) as {
		statusCode: number;
		headers: IDataObject;
		body: unknown;
	};
	const body =
		answer.body !== null && typeof answer.body === 'object'
			? (answer.body as IDataObject)
			: { message: String(answer.body ?? '') };
	return { statusCode: answer.statusCode, headers: answer.headers ?? {}, body };
}

/** Veo Studio's refusal in its own words: `{success: false, message, code}`. */
export function apiError(ctx: Context, answer: ApiAnswer): NodeApiError {
	const message =
		typeof answer.body.message === 'string' && answer.body.message !== ''
			? answer.body.message
			: `Veo Studio answered ${answer.statusCode}`;
	return new NodeApiError(ctx.getNode(), answer.body as JsonObject, {
		message,
		description: typeof answer.body.code === 'string' ? `Code: ${answer.body.code}` : undefined,
		httpCode: String(answer.statusCode),
	});
}

/** A request that must succeed: its body, or Veo Studio's refusal as the node's error. */
export async function call(
	ctx: Context,
	method: IHttpRequestMethods,
	path: string,
	options: { body?: IDataObject; qs?: IDataObject; headers?: IDataObject } = {},
): Promise<IDataObject> {
	const answer = await send(ctx, method, path, options);
	if (answer.statusCode < 200 || answer.statusCode >= 300) throw apiError(ctx, answer);
	return answer.body;
}
