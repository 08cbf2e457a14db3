import { useLingui } from "@lingui/react/macro";
import type { ModelId, PriceItem } from "../../../../shared/catalogue";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { SectionCard } from "@/components/ui/section-card";
import { PRICE_KEYS } from "./part-keys";
import { priceCellId, priceProblems } from "./part-problems";
import { PricingSection } from "./pricing-section";
import { draftOf, type PriceDraft } from "./settings-draft";
import { useSettingsPart } from "./section/use-settings-part";

/** The models offered, the margin and every price: the Prices section's part of the settings. */
export function PricesPart({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const part = useSettingsPart(settings, PRICE_KEYS, priceProblems);
  const setPrice = (item: PriceItem) => (value: PriceDraft) => {
    part.setDraft((d) => ({ ...d, prices: { ...d.prices, [item]: value } }));
    part.clearProblem(priceCellId(item, "web"));
    part.clearProblem(priceCellId(item, "api"));
  };
  const setOffered = (model: ModelId) => (offered: boolean) =>
    part.setDraft((d) => ({
      ...d,
      disabledModels: offered ? d.disabledModels.filter((m) => m !== model) : [...d.disabledModels, model],
    }));
  return (
    <SectionCard
      id="pricing-title"
      title={t`Model Pricing and API Pricing`}
      description={t`Credits per video, or per second of video for the models priced by the second (each resolution, with or without sound, has its own price; these may have cents, and a video's total is rounded up), on the website and through the API (API prices may have cents; a charge is rounded up). Surcharges are added to the model's price. A model not offered is left out of the generator, the prices and the API; videos already made with it stay.`}
    >
      <PricingSection
        // Costs as saved in the other sections: what a KIE credit costs, who makes what, a credit's value.
        draft={{ ...draftOf(settings), ...part.draft }}
        savedMargin={settings.priceMarginPercent}
        problems={part.problems}
        onPrice={setPrice}
        onOffered={setOffered}
        onMargin={part.text("priceMarginPercent").onValueChange}
      />
      {part.dialog}
    </SectionCard>
  );
}
