/** The PayPal and Creem cards of the Payments section (decision 0148), with their keys' checks (decision 0145). */
import { paymentsApi } from "../../../../shared/api/payments";
import { useLingui } from "@lingui/react/macro";
import { CheckboxField, ChoiceField, SecretField, TextField } from "@/features/admin/admin-fields";
import type { FieldBinders } from "./field-binders";
import type { PaymentDraft } from "./part-keys";
import { FieldsCard } from "./fields-card";
import { PaymentCheckStatus } from "./payment-check-status";
import { MissingKeysNote } from "./missing-keys-note";

/** `savedAt` (the settings' updatedAt) and the last save's error feed the key checks. */
export function PaymentProviderCards({
  text,
  toggle,
  savedAt,
  saveError,
}: FieldBinders<PaymentDraft> & { savedAt: string; saveError: unknown }) {
  const { t } = useLingui();
  const creemWebhookPath = paymentsApi.creemWebhook.path;
  /** The names of the keys a switched-on provider lacks (blank in the form: not set). */
  const lacking = (on: boolean, keys: [Parameters<typeof text>[0], string][]) =>
    on ? keys.filter(([key]) => !text(key).value.trim()).map(([, name]) => name) : [];
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
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
          hint={t`From the webhook you add in PayPal's developer dashboard for /paypal/webhook, with the events PAYMENT.CAPTURE.*, PAYMENT.SALE.*, BILLING.SUBSCRIPTION.* and CUSTOMER.DISPUTE.* (refunds, reversals, disputes and plans). Without it PayPal's notices are refused and plans cannot be sold through PayPal.`}
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
        <SecretField
          label={t`Creem webhook secret`}
          hint={t`From the webhook you add in Creem's dashboard for ${creemWebhookPath}, with the checkout, refund, dispute and subscription events (packs and plans).`}
          {...text("creemWebhookSecret")}
        />
        <ChoiceField
          label={t`Creem environment`}
          options={[
            { value: "test", label: t`Test` },
            { value: "prod", label: t`Production` },
          ]}
          {...text("creemEnvironment")}
        />
      </FieldsCard>
    </div>
  );
}
