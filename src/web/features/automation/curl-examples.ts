/** The automation guide's copyable examples, built for the origin the page is served from. */
/* eslint-disable lingui/no-unlocalized-strings -- code samples (curl, JSON): the same in every language */
import { automationApi } from "../../../shared/api/automation";
import { siteApi } from "../../../shared/api/site";
import { MODEL_CATALOGUE, modelsFor } from "../../../shared/catalogue";
import { urlFor } from "@/lib/api";

export const TOKEN_PLACEHOLDER = "YOUR_API_TOKEN";

function postCurl(origin: string, body: string): string {
  return [
    `curl -X POST "${origin}${automationApi.generate.path}" \\`,
    `  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Idempotency-Key: $(uuidgen)" \\`,
    `  -d '${body}'`,
  ].join("\n");
}

export function generateCurl(origin: string): string {
  return postCurl(
    origin,
    JSON.stringify({
      prompt: "A red fox running through fresh snow at sunrise, cinematic",
      model: "veo3_fast",
      mode: "text",
      aspectRatio: "16:9",
    }),
  );
}

/** Reference mode with as many images as Veo Lite takes (the first Veo model that makes it). */
export function referenceCurl(origin: string): string {
  const model = modelsFor("reference")
    .filter((m) => MODEL_CATALOGUE[m].family === "veo")
    .at(-1)!;
  const { max } = MODEL_CATALOGUE[model].modes.reference!.images;
  const imageUrls = Array.from({ length: max }, (_, i) => `https://example.com/reference-${i + 1}.jpg`);
  return postCurl(
    origin,
    JSON.stringify({
      prompt: "The woman in the first image walks her dog through the city in the third",
      model,
      mode: "reference",
      aspectRatio: "9:16",
      imageUrls,
    }),
  );
}

export function statusCurl(origin: string): string {
  return [
    `curl "${origin}${urlFor(automationApi.videoStatus, { params: { taskId: "TASK_ID" } })}" \\`,
    `  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}"`,
  ].join("\n");
}

/** -N: curl prints each event as it arrives instead of buffering. */
export function eventsCurl(origin: string): string {
  return [
    `curl -N "${origin}${urlFor(siteApi.events)}" \\`,
    `  -H "Authorization: Bearer ${TOKEN_PLACEHOLDER}" \\`,
    `  -H "Accept: text/event-stream"`,
  ].join("\n");
}

export const EVENTS_SAMPLE = [
  "event: ready",
  'data: {"credits":98}',
  "",
  "event: task",
  'data: {"task":{"taskId":"4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1","status":"completed","resultUrls":["https://example.com/video.mp4"],"hdStatus":"pending",…}}',
  "",
  "event: credits",
  'data: {"credits":96}',
].join("\n");

export const GENERATE_ANSWER = JSON.stringify(
  { success: true, taskId: "4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1", creditsUsed: 2, remainingCredits: 98 },
  null,
  2,
);

export const STATUS_ANSWER = JSON.stringify(
  {
    success: true,
    status: "completed",
    videoUrl: "https://example.com/video.mp4",
    hdVideoUrl: "https://example.com/video-1080p.mp4",
    resolution: "1080p",
    message: "The video is ready in 1080p",
    taskId: "4f9c2a7e1b3d5f60a8c9e2b4d6f8a0c1",
  },
  null,
  2,
);
