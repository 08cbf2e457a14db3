/** The Market ids the admin sets (issue 74, decision 0173). */
/**
 * The Market id for a job when the admin changed a model's id: the Market has one id per
 * direction for some models (Kling 2.6, Wan), so a job with images whose built-in id was the
 * image-to-video twin gets the twin of the admin's text-to-video id.
 */
export function kieMarketId(override: string, builtInText: string, builtInForJob: string): string {
  if (builtInForJob === builtInText) return override;
  return override.includes("text-to-video") ? override.replace("text-to-video", "image-to-video") : override;
}
