import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Save } from "lucide-react";
import type { PriceItem, ModelId } from "../../../../shared/catalogue";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { googleApi } from "../../../../shared/api/google";
import { urlFor } from "@/lib/api";
import { useSaveSettings } from "@/features/admin/admin-api";
import { CheckboxField, ChoiceField, SecretField, TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { ModelPricingFields, type PriceDraft } from "./model-price-fields";
import { ModelVendorFields } from "./model-vendor-fields";
import { draftOf, patchOf, type Draft, type FlagKey, type TextKey } from "./settings-draft";
import { SaveButton } from "./save-button";

/**
 * KIE token, PayPal, Creem, Google OAuth, Model Pricing and API Pricing, saved together with
 * 'Save Other Settings' (decision 0024). Telegram has its own card and button.
 */
export function SettingsForm({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const save = useSaveSettings();
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
  // A text, secret or choice field, or a checkbox, bound to its own key of the draft (the key is also its id).
  const text = (key: TextKey) => ({
    id: key,
    value: draft[key] ?? "",
    onValueChange: (value: string) => setDraft((d) => ({ ...d, [key]: value })),
  });
  const toggle = (key: FlagKey) => ({
    id: key,
    checked: draft[key],
    onCheckedChange: (checked: boolean) => setDraft((d) => ({ ...d, [key]: checked })),
  });
  const redirectDefault = `${window.location.origin}${urlFor(googleApi.callback)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(patchOf(draft), { onSuccess: ({ settings: saved }) => setDraft(draftOf(saved)) });
  };

  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-6" aria-label={t`Other settings`}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <FieldsCard
          id="kie-token-title"
          title={t`KIE Token`}
          description={t`The KIE.ai API key used when no provider account below can make a video.`}
        >
          <SecretField label={t`KIE API token`} {...text("kieToken")} />
          <SecretField
            label={t`KIE webhook HMAC key (from kie.ai settings; when set, unsigned callbacks are refused)`}
            {...text("kieWebhookHmacKey")}
          />
          <ChoiceField
            label={t`KIE API for new videos`}
            options={[
              { value: "veo", label: t`Veo API (v1/veo)` },
              { value: "market", label: t`Market jobs API (v1/jobs, veo-3-1)` },
            ]}
            {...text("kieSurface")}
          />
        </FieldsCard>

        <FieldsCard
          id="paypal-title"
          // eslint-disable-next-line lingui/no-unlocalized-strings -- a brand name
          title="PayPal"
          description={t`Card and PayPal payments through PayPal Checkout.`}
        >
          <CheckboxField label={t`Enable PayPal`} {...toggle("paypalEnabled")} />
          <TextField label={t`PayPal client ID`} autoComplete="off" {...text("paypalClientId")} />
          <SecretField label={t`PayPal client secret`} {...text("paypalClientSecret")} />
          <ChoiceField
            label={t`PayPal environment`}
            options={[
              { value: "sandbox", label: t`Sandbox` },
              { value: "production", label: t`Production` },
            ]}
            {...text("paypalEnvironment")}
          />
          <TextField
            label={t`PayPal webhook ID`}
            hint={t`From the webhook you add in PayPal's developer dashboard for /paypal/webhook (refunds, reversals and disputes). Without it PayPal's notices are refused.`}
            autoComplete="off"
            {...text("paypalWebhookId")}
          />
        </FieldsCard>

        <FieldsCard
          id="creem-title"
          // eslint-disable-next-line lingui/no-unlocalized-strings -- a brand name
          title="Creem"
          description={t`Hosted checkout; credits arrive through the signed webhook.`}
        >
          <CheckboxField label={t`Enable Creem`} {...toggle("creemEnabled")} />
          <SecretField label={t`Creem API key`} {...text("creemApiKey")} />
          <SecretField label={t`Creem webhook secret`} {...text("creemWebhookSecret")} />
          <ChoiceField
            label={t`Creem environment`}
            options={[
              { value: "test", label: t`Test` },
              { value: "prod", label: t`Production` },
            ]}
            {...text("creemEnvironment")}
          />
        </FieldsCard>

        <FieldsCard
          id="google-title"
          // eslint-disable-next-line lingui/no-unlocalized-strings -- a brand name
          title="Google OAuth"
          description={t`One-click sign-in with Google.`}
        >
          <CheckboxField label={t`Enable Google sign-in`} {...toggle("googleAuthEnabled")} />
          <TextField label={t`Google client ID`} autoComplete="off" {...text("googleClientId")} />
          <SecretField label={t`Google client secret`} {...text("googleClientSecret")} />
          <TextField
            label={t`Redirect URI`}
            type="url"
            placeholder={redirectDefault}
            hint={
              <Trans>
                Register this exact address under Authorized redirect URIs in the Google Cloud console. Left blank, it
                is <code className="break-all">{redirectDefault}</code>.
              </Trans>
            }
            {...text("googleRedirectUri")}
          />
        </FieldsCard>

        <SectionCard
          id="pricing-title"
          title={t`Model Pricing and API Pricing`}
          description={t`Credits per video, or per second of video for the models priced by the second (each resolution, with or without sound, has its own price; these may have cents, and a video's total is rounded up), on the website and through the API (API prices may have cents; a charge is rounded up). Surcharges are added to the model's price. A model not offered is left out of the generator, the prices and the API; videos already made with it stay.`}
          className="lg:col-span-2"
        >
          <ModelPricingFields
            prices={draft.prices}
            disabledModels={draft.disabledModels}
            onPrice={setPrice}
            onOffered={setOffered}
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
    </form>
  );
}

/** A card of settings fields, one under the other. */
function FieldsCard({ children, ...card }: Parameters<typeof SectionCard>[0]) {
  return (
    <SectionCard {...card}>
      <div className="grid gap-4">{children}</div>
    </SectionCard>
  );
}
