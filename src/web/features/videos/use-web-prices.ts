import { defaultPriceOf, type VeoModel } from "../../../shared/catalogue";
import { usePricing } from "@/features/pricing";

/** What a video made on the website costs per model (the catalogue's defaults until the server answers). */
export function useWebPrices(): Record<VeoModel, number> {
  const { models } = usePricing();
  return Object.fromEntries(models.map((m) => [m.model, m.web])) as Record<VeoModel, number>;
}

/** What the 4K version of a video costs on the website (the 4K surcharge), on its own or with a new video. */
export function useFourKPrice(): number {
  const { surcharges } = usePricing();
  return surcharges.find((s) => s.surcharge === "4k")?.web ?? defaultPriceOf("4k").web;
}

/** What extending a video adds to its model's price on the website (the extension surcharge, decision 0050). */
export function useExtendSurcharge(): number {
  const { surcharges } = usePricing();
  return surcharges.find((s) => s.surcharge === "extend")?.web ?? defaultPriceOf("extend").web;
}
