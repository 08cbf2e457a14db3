import type { VeoModel } from "../../../shared/videos";
import { usePricing } from "@/features/pricing";

/** What a video made on the website costs per model (defaults 1 and 5 until the server answers). */
export function useWebPrices(): Record<VeoModel, number> {
  const { fast, quality } = usePricing();
  return { veo3_fast: fast.web, veo3: quality.web };
}
