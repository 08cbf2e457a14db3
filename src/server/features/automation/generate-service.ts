/**
 * POST /api/n8n/generate's work: the mode's images (base64 stored as temporary uploads; links are
 * fetched by generateVideo), the API price, then the same generation as the web's. A person the
 * charge would refuse is refused before a base64 image is decoded (decision 0134).
 */
import type { AutomationGenerateInput } from "../../../shared/schemas/automation.js";
import type { GenerateVideoResult } from "../../../shared/schemas/videos.js";
import type { LinkTask } from "../../http/idempotency.js";
import type { UploadStore } from "../../integrations/storage/uploads.js";
import { generateVideo, type GenerateDeps } from "../videos/generate-service.js";
import { refuseEarly } from "../videos/generate-screen.js";
import { resolveDraft } from "../videos/draft-request.js";
import { discardImages } from "../videos/linked-images.js";
import { checkedImage, parseImageInput } from "./reference-image.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { acceptableUrl, callbacksEndpointId } from "../webhooks/endpoints-service.js";

export interface ApiGenerateDeps {
  uploads: UploadStore;
  generation: GenerateDeps;
  secretBox: SecretBox;
  config: { webhooksAllowLocal: boolean };
}

export async function generateFromApi(
  ctx: ApiGenerateDeps,
  userId: string,
  input: AutomationGenerateInput,
  linkTask?: LinkTask,
): Promise<Required<GenerateVideoResult>> {
  // Without a mode only the first image was kept (the schema); with one, the mode's images.
  const parsed = input.imageUrls.map(parseImageInput);
  // A draft (decision 0178) is priced and made as its draft.
  const video = await resolveDraft(ctx.generation, input, "api");
  // Priced for the API's channel, with a 4K version asked with it (quote.ts, decision 0139).
  await refuseEarly(ctx.generation, userId, { channel: "api", video, variants: input.variants });
  const images = [];
  for (const image of parsed) images.push(await checkedImage(image));
  // Checked before anything is charged; the row that signs callbacks exists before the task can end.
  const callbackUrl =
    input.callbackUrl === undefined ? undefined : await acceptableUrl(input.callbackUrl, ctx.config.webhooksAllowLocal);
  if (callbackUrl) await callbacksEndpointId(ctx.generation.db, ctx.secretBox, userId);
  const stored: string[] = [];
  const imageUrls: string[] = [];
  try {
    for (const image of images) {
      if (image.kind === "url") imageUrls.push(image.url);
      else {
        const saved = await ctx.uploads.save(image.data, image.type, { temporary: true });
        stored.push(saved.name);
        imageUrls.push(saved.url);
      }
    }
  } catch (err) {
    await discardImages(ctx.uploads, stored);
    throw err;
  }
  // generateVideo removes the stored images if the request is refused before anything is recorded.
  const started = await generateVideo(
    ctx.generation,
    userId,
    {
      prompt: video.prompt,
      model: video.model,
      mode: video.mode,
      aspectRatio: video.aspectRatio,
      durationSeconds: video.durationSeconds,
      resolution: video.resolution,
      audio: video.audio,
      seeds: video.seeds,
      draftOf: video.draftOf,
      imageUrls,
      watermark: undefined,
      upgrade4k: input.upgrade4k,
      keepExtendable: false,
      enableFallback: false,
      variants: input.variants,
    },
    { channel: "api", linkTask, callbackUrl, temporaryImages: stored },
  );
  // Every video started, one per variant (decision 0162): a single video is a list of one.
  return { ...started, taskIds: started.taskIds ?? [started.taskId], batchId: started.batchId ?? null };
}
