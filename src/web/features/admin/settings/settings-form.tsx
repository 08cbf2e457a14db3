import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Save } from "lucide-react";
import type { PriceItem, ModelId } from "../../../../shared/catalogue";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { useSaveSettings } from "@/features/admin/admin-api";
import { SectionCard } from "@/components/ui/section-card";
import { PricingSection } from "./pricing-section";
import { useBelowCostConfirmation } from "@/features/admin/below-cost-confirmation";
import { ModelVendorFields } from "./model-vendor-fields";
import { draftOf, patchOf, type Draft, type PriceDraft } from "./settings-draft";
import { fieldBinders } from "./field-binders";
import { ProviderCards } from "./provider-cards";
import { SaveButton } from "./save-button";

/**
 * KIE token, PayPal, Creem, Google OAuth, Model Pricing and API Pricing, saved together with
 * 'Save Other Settings' (decision 0024). Telegram has its own card and button.
 */
export function SettingsForm({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const save = useSaveSettings();
  const confirmation = useBelowCostConfirmation();
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const setPrice = (item: PriceItem) => (value: PriceDraft) =>
    setDraft((d) => ({ ...d, prices: { ...d.prices, [item]: value } }));
  const setOffered = (model: ModelId) => (offered: boolean) =>
    setDraft((d) => ({
      ...d,
      disabledModels: offered ? d.disabledModels.filter((m) => m !== model) : [...d.disabledModels, model],
    }));
  const { text, toggle } = fieldBinders(setDraft, draft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch = patchOf(draft);
    const saved = { onSuccess: ({ settings: now }: { settings: AdminSettingsView }) => setDraft(draftOf(now)) };
    save.mutate(patch, {
      ...saved,
      onError: (error) => confirmation.ask(error, () => save.mutate({ ...patch, confirmBelowCost: true }, saved)),
    });
  };

  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-6" aria-label={t`Other settings`}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProviderCards text={text} toggle={toggle} savedAt={settings.updatedAt} saveError={save.error} />
        <SectionCard
          id="pricing-title"
          title={t`Model Pricing and API Pricing`}
          description={t`Credits per video, or per second of video for the models priced by the second (each resolution, with or without sound, has its own price; these may have cents, and a video's total is rounded up), on the website and through the API (API prices may have cents; a charge is rounded up). Surcharges are added to the model's price. A model not offered is left out of the generator, the prices and the API; videos already made with it stay.`}
          className="lg:col-span-2"
        >
          <PricingSection
            draft={draft}
            savedMargin={settings.priceMarginPercent}
            onPrice={setPrice}
            onOffered={setOffered}
            onMargin={set("priceMarginPercent")}
          />
        </SectionCard>
        <SectionCard
          id="model-vendors-title"
          title={t`Vendors and model health`}
          description={t`Who makes the models several vendors offer, in the order tried: the next takes over when one is down, at the same price to your customers. A content refusal is never sent to another vendor.`}
          className="lg:col-span-2"
        >
          <ModelVendorFields
            vendorOrder={draft.vendorOrder}
            pauseDegradedModels={draft.pauseDegradedModels}
            kieCreditUsd={draft.kieCreditUsd}
            onVendorOrder={set("vendorOrder")}
            onPause={set("pauseDegradedModels")}
            onKieCredit={set("kieCreditUsd")}
          />
        </SectionCard>
      </div>
      <SaveButton
        pending={save.isPending}
        size="lg"
        icon={<Save aria-hidden="true" />}
        label={<Trans>Save Other Settings</Trans>}
      />
      {confirmation.dialog}
    </form>
  );
}
