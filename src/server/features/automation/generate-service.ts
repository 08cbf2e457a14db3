/**
 * POST /api/n8n/generate's work: the first reference image (a URL passed on, or base64 stored
 * as a temporary upload), the API price, then the same generation as the web's.
 */
import type { N8nGenerateInput } from "../../../shared/automation.js";
import type { GenerateVideoResult } from "../../../shared/schemas/videos.js";
import { AppError } from "../../http/errors.js";
import type { LinkTask } from "../../http/idempotency.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import type { Settings } from "../settings/service.js";
import { generateVideo, type GenerateDeps } from "../videos/generate-service.js";
import { apiCost } from "../videos/pricing.js";
import { parseImageInput } from "./reference-image.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { acceptableUrl, callbacksEndpointId } from "../webhooks/endpoints-service.js";

export interface ApiGenerateDeps {
  readSettings(): Promise<Settings>;
  uploads: UploadStore;
  generation: GenerateDeps;
  secretBox: SecretBox;
  config: { webhooksAllowLocal: boolean };
}

export async function generateFromApi(ctx: ApiGenerateDeps, userId: string, input: N8nGenerateInput, linkTask?: LinkTask): Promise<GenerateVideoResult> {
  // Several images are accepted, only the first is used (the automation guide says so).
  const image = input.imageUrls[0] === undefined ? undefined : parseImageInput(input.imageUrls[0]);
  const cost = apiCost(input.model, await ctx.readSettings());
  // Checked before anything is charged; the row that signs callbacks exists before the task can end.
  const callbackUrl = input.callbackUrl === undefined ? undefined : await acceptableUrl(input.callbackUrl, ctx.config.webhooksAllowLocal);
  if (callbackUrl) await callbacksEndpointId(ctx.generation.db, ctx.secretBox, userId);
  const stored = image?.kind === "base64" ? await ctx.uploads.save(image.data, image.type, { temporary: true }) : undefined;
  const imageUrl = image?.kind === "url" ? image.url : stored?.url;
  try {
    return await generateVideo(
      ctx.generation,
      userId,
      {
        prompt: input.prompt,
        model: input.model,
        aspectRatio: input.aspectRatio,
        seeds: input.seeds,
        imageUrls: imageUrl ? [imageUrl] : [],
        watermark: undefined,
        enableFallback: false,
      },
      { via: "api", cost, linkTask, callbackUrl },
    );
  } catch (err) {
    // 402/403 mean nothing was recorded, so no task will ever show the stored image.
    if (stored && err instanceof AppError && (err.status === 402 || err.status === 403)) await ctx.uploads.remove(stored.name);
    throw err;
  }
}
