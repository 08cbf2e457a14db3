import type { VeoModel } from "../../../shared/catalogue";
import { usePricing } from "@/features/pricing";

/** What a video made on the website costs per model (the catalogue's defaults until the server answers). */
export function useWebPrices(): Record<VeoModel, number> {
  const { models } = usePricing();
  return Object.fromEntries(models.map((m) => [m.model, m.web])) as Record<VeoModel, number>;
}
