/**
 * KIE's Market ("jobs") surface for Veo 3.1 (kie-2026.md §1.4, §2; decision 0051): the same video
 * as the legacy `/api/v1/veo/generate`, asked for as `POST /api/v1/jobs/createTask` with
 * `model: "veo-3-1"` and the fields in snake_case under `input`, and read back from
 * `GET /api/v1/jobs/recordInfo` (`state`, and `resultJson` as a JSON string).
 */
import type { GenerateRequest, TaskRecord } from "./client.js";
import { asRecord, asText, parseUrlList } from "./parse.js";
import { TASK_FAILURES } from "../../../shared/videos.js";

const MARKET_VEO_MODEL = "veo-3-1";

export function marketCreateBody(req: GenerateRequest): Record<string, unknown> {
  return {
    model: MARKET_VEO_MODEL,
    ...(req.callBackUrl ? { callBackUrl: req.callBackUrl } : {}),
    input: {
      prompt: req.prompt,
      model: req.model,
      generation_type: req.generationType,
      aspect_ratio: req.aspectRatio,
      ...(req.imageUrls?.length ? { image_urls: req.imageUrls } : {}),
      ...(req.seeds !== undefined ? { seeds: req.seeds } : {}),
      ...(req.watermark ? { watermark: req.watermark } : {}),
      enable_translation: true,
    },
  };
}

/** resultJson is a JSON string: `{"resultUrls": [...]}`, or (for 1080p/4K at generation) `{"data": {"result_urls": [...]}}`. */
function resultUrlsOf(resultJson: unknown): string[] {
  let parsed: unknown = resultJson;
  if (typeof resultJson === "string") {
    try {
      parsed = JSON.parse(resultJson);
    } catch {
      return parseUrlList(resultJson);
    }
  }
  const result = asRecord(parsed);
  const nested = asRecord(result?.data);
  for (const candidate of [result?.resultUrls, result?.result_urls, nested?.resultUrls, nested?.result_urls]) {
    const urls = parseUrlList(candidate);
    if (urls.length > 0) return urls;
  }
  return [];
}

/** A Market record as the product's TaskRecord: waiting, queuing and generating are all "generating". */
export function parseMarketRecord(data: Record<string, unknown>): TaskRecord {
  const state = asText(data.state);
  if (state === "success") {
    const resultUrls = resultUrlsOf(data.resultJson);
    return resultUrls.length > 0 ? { state: "succeeded", resultUrls } : { state: "generating" };
  }
  if (state === "fail") {
    const code = Number(asText(data.failCode) ?? data.failCode);
    return {
      state: "failed",
      errorMessage: asText(data.failMsg) ?? TASK_FAILURES.generic,
      ...(Number.isFinite(code) && code > 0 ? { errorCode: code } : {}),
    };
  }
  return { state: "generating" };
}
