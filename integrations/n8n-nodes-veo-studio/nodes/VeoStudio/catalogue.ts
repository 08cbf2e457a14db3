import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { call } from './transport';

/** One model of GET /api/models, the fields the options need. */
interface ModelView {
	id: string;
	label: string;
	description: string;
	status: string;
	modes: Array<{ mode: string; minImages: number; maxImages: number }>;
	durations: { options: number[]; default: number; chosen: boolean };
	resolutions: { options: string[]; default: string };
	aspectRatios: { options: string[]; default: string; chosen: boolean };
	audio: string;
	price: { unit: string; apiCredits: number };
}

const MODE_NAMES: IDataObject = {
	text: 'Text to Video',
	image: 'Image to Video (First and Last Frame)',
	reference: 'Reference Images',
};

async function catalogue(ctx: ILoadOptionsFunctions): Promise<ModelView[]> {
	const body = await call(ctx, 'GET', '/api/models');
	return (body.models as unknown as ModelView[]) ?? [];
}

/** The models the chosen model parameter names, or all of them while it is an expression or unset. */
async function chosenModels(ctx: ILoadOptionsFunctions): Promise<ModelView[]> {
	const models = await catalogue(ctx);
	const chosen = ctx.getCurrentNodeParameter('model');
	const match = models.filter((m) => m.id === chosen);
	return match.length > 0 ? match : models;
}

function distinct<T extends string | number>(values: T[]): T[] {
	return [...new Set(values)];
}

export async function getModels(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await catalogue(this)).map((m) => ({
		name: m.label,
		value: m.id,
		description: `${m.description} From ${m.price.apiCredits} credits per ${m.price.unit}.${m.status === 'degraded' ? ' Slow or failing now.' : ''}`,
	}));
}

export async function getModes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const modes = distinct((await chosenModels(this)).flatMap((m) => m.modes.map((x) => x.mode)));
	return modes.map((mode) => ({ name: String(MODE_NAMES[mode] ?? mode), value: mode }));
}

export async function getAspectRatios(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const ratios = distinct((await chosenModels(this)).flatMap((m) => m.aspectRatios.options));
	return ratios.map((ratio) => ({ name: ratio, value: ratio }));
}

export async function getDurations(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const seconds = distinct((await chosenModels(this)).flatMap((m) => m.durations.options)).sort((a, b) => a - b);
	return seconds.map((s) => ({ name: `${s} Seconds`, value: s }));
}

export async function getResolutions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const resolutions = distinct((await chosenModels(this)).flatMap((m) => m.resolutions.options));
	return resolutions.map((r) => ({ name: r, value: r }));
}
