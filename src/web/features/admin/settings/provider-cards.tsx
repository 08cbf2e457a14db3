/** The KIE token, PayPal, Creem and Google OAuth cards of the 'Save Other Settings' form. */
import { Trans, useLingui } from "@lingui/react/macro";
import { googleApi } from "../../../../shared/api/google";
import { SectionCard } from "@/components/ui/section-card";
import { CheckboxField, ChoiceField, SecretField, TextField } from "@/features/admin/admin-fields";
import { urlFor } from "@/lib/api";
import type { FieldBinders } from "./field-binders";
import type { TextKey } from "./settings-draft";
import { PaymentCheckStatus } from "./payment-check-status";
import { MissingKeysNote } from "./missing-keys-note";

/** `savedAt` (the settings' updatedAt) and the last save's error feed the payment cards' key checks (decision 0145). */
export function ProviderCards({
  text,
  toggle,
  savedAt,
  saveError,
}: FieldBinders & { savedAt: string; saveError: unknown }) {
  const { t } = useLingui();
  /** The names of the keys a switched-on provider lacks (blank in the form: not set). */
  const lacking = (on: boolean, keys: [TextKey, string][]) =>
    on ? keys.filter(([key]) => !text(key).value.trim()).map(([, name]) => name) : [];
  const redirectDefault = `${window.location.origin}${urlFor(googleApi.callback)}`;
  return (
    <>
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
        <PaymentCheckStatus provider="paypal" savedAt={savedAt} saveError={saveError} />
        <MissingKeysNote
          provider="paypal"
          missing={lacking(toggle("paypalEnabled").checked, [
            ["paypalClientId", t`client ID`],
            ["paypalClientSecret", t`client secret`],
          ])}
        />
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
        <PaymentCheckStatus provider="creem" savedAt={savedAt} saveError={saveError} />
        <MissingKeysNote
          provider="creem"
          missing={lacking(toggle("creemEnabled").checked, [
            ["creemApiKey", t`API key`],
            ["creemWebhookSecret", t`webhook secret`],
          ])}
        />
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
              Register this exact address under Authorized redirect URIs in the Google Cloud console. Left blank, it is{" "}
              <code className="break-all">{redirectDefault}</code>.
            </Trans>
          }
          {...text("googleRedirectUri")}
        />
      </FieldsCard>
    </>
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
