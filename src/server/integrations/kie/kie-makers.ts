/**
 * KIE's adapters for the video port (issue 42): its Veo API (`/api/v1/veo/*`) and its Market
 * (`/api/v1/jobs/*`), which makes Veo 3.1 and every other model in MARKET_INPUTS. Both take images
 * as URLs KIE fetches: our own files are uploaded to KIE first unless KIE can reach us (the
 * simulator). Upgrades (1080p, 4K) and extensions exist for Veo only, on the Veo API's endpoints
 * whichever surface made the video.
 */
import { MODEL_CATALOGUE, type ModelId } from "../../../shared/catalogue.js";
import { isContentRefusal } from "../../../shared/videos.js";
import type { VendorStatus, VideoJob, VideoMaker } from "../video/port.js";
import type { KieClient, TaskRecord } from "./client.js";
import { KIE_EXTEND_MODELS, KIE_GENERATION_TYPES, type KieVeoModel } from "./veo-words.js";
import { marketCreateBody } from "./market.js";
import { MARKET_INPUTS } from "./market-inputs.js";
import { kieMarketId } from "./market-ids.js";

const isVeo = (model: ModelId) => MODEL_CATALOGUE[model].family === "veo";

function statusOf(record: TaskRecord & { cost?: number }): VendorStatus {
  const cost = record.cost !== undefined ? { cost: record.cost } : {};
  if (record.state === "succeeded") return { state: "succeeded", resultUrls: record.resultUrls, ...cost };
  if (record.state === "failed")
    return {
      state: "failed",
      message: record.errorMessage,
      ...(record.errorCode !== undefined ? { code: record.errorCode } : {}),
      // A prompt refused for its content in the task is the person's, not a failure (decision 0082).
      refused: isContentRefusal(record.errorMessage),
      ...cost,
    };
  return { state: "generating" };
}

abstract class KieMaker implements Partial<VideoMaker> {
  readonly vendor = "kie" as const;

  constructor(
    protected readonly client: KieClient,
    /** Our own image files go to KIE's upload first (a real KIE cannot fetch our URLs). */
    private readonly uploadOwnImages: boolean,
  ) {}

  /** The images as URLs KIE can fetch. */
  protected async imageUrls(job: VideoJob): Promise<string[]> {
    const out: string[] = [];
    for (const image of job.images) {
      const own = this.uploadOwnImages ? await image.read() : undefined;
      out.push(own ? await this.client.uploadFile(own.data, own.name, own.mime) : image.url);
    }
    return out;
  }

  async hd1080(vendorTaskId: string) {
    return this.client.get1080p(vendorTaskId);
  }

  async uhd4k(vendorTaskId: string, callBackUrl?: string) {
    return this.client.get4k(vendorTaskId, callBackUrl);
  }

  /** Continues a Veo video through the Veo API (whatever made it); the new task is read there. */
  async extend(req: Parameters<NonNullable<VideoMaker["extend"]>>[0]) {
    if (!isVeo(req.model)) throw new Error(`${req.model} cannot be extended`);
    const { taskId } = await this.client.extend({
      taskId: req.vendorTaskId,
      prompt: req.prompt,
      model: KIE_EXTEND_MODELS[req.model as KieVeoModel],
      seeds: req.seed,
      watermark: req.watermark,
      callBackUrl: req.callBackUrl,
    });
    return { vendorTaskId: taskId, surface: "veo" };
  }
}

/** KIE's Veo API: the Veo 3.1 models only. */
export class KieVeoMaker extends KieMaker implements VideoMaker {
  readonly surface = "veo";

  makes = isVeo;
  vendorModel = (job: Pick<VideoJob, "model">) => job.model;

  async submit(job: VideoJob) {
    const { taskId } = await this.client.generate({
      prompt: job.prompt,
      model: job.model as KieVeoModel,
      generationType: KIE_GENERATION_TYPES[job.mode],
      aspectRatio: job.aspectRatio,
      imageUrls: await this.imageUrls(job),
      seeds: job.seed,
      watermark: job.watermark,
      callBackUrl: job.callBackUrl,
    });
    return { vendorTaskId: taskId };
  }

  async status(vendorTaskId: string) {
    return statusOf(await this.client.recordInfo(vendorTaskId));
  }
}

/** KIE's Market: Veo 3.1 as `veo-3-1`, and every model MARKET_INPUTS speaks. */
export class KieMarketMaker extends KieMaker implements VideoMaker {
  readonly surface = "market";

  constructor(
    client: KieClient,
    uploadOwnImages: boolean,
    /** The admin's Market ids (decision 0173) for the models whose id they changed: their text-to-video id. */
    private readonly modelIds: Partial<Record<ModelId, string>> = {},
  ) {
    super(client, uploadOwnImages);
  }

  makes = (model: ModelId) => isVeo(model) || MARKET_INPUTS[model] !== undefined;

  vendorModel(job: Pick<VideoJob, "model" | "mode">): string {
    if (isVeo(job.model)) return "veo-3-1";
    return this.body({ ...job, imageUrls: job.mode === "text" ? [] : ["image"] } as never).model;
  }

  private body(job: Omit<VideoJob, "images"> & { imageUrls: string[] }) {
    if (isVeo(job.model)) {
      const { model, input } = marketCreateBody({
        prompt: job.prompt,
        model: job.model as KieVeoModel,
        generationType: KIE_GENERATION_TYPES[job.mode],
        aspectRatio: job.aspectRatio,
        imageUrls: job.imageUrls,
        seeds: job.seed,
        watermark: job.watermark,
      }) as { model: string; input: Record<string, unknown> };
      return { model, input };
    }
    const toInput = MARKET_INPUTS[job.model];
    if (!toInput) throw new Error(`KIE's Market does not make ${job.model}`);
    const made = toInput(job);
    const override = this.modelIds[job.model];
    if (!override) return made;
    const builtInText = toInput({ ...job, mode: "text", imageUrls: [] }).model;
    return { ...made, model: kieMarketId(override, builtInText, made.model) };
  }

  async submit(job: VideoJob) {
    const { model, input } = this.body({ ...job, imageUrls: await this.imageUrls(job) });
    const { taskId } = await this.client.createJob({
      model,
      input,
      ...(job.callBackUrl ? { callBackUrl: job.callBackUrl } : {}),
    });
    return { vendorTaskId: taskId };
  }

  async status(vendorTaskId: string) {
    return statusOf(await this.client.jobRecord(vendorTaskId));
  }
}
