/**
 * At the top of the Creem and PayPal cards (decision 0145): "Connected" and what the provider
 * accepted when, or that the keys in force were never tried; and a key the last save was refused
 * for, in the card it belongs to.
 */
import { useLingui } from "@lingui/react/macro";
import type { PaymentKeyChecks } from "../../../../shared/schemas/payment-key-checks";
import { Badge } from "@/components/ui/badge";
import { ErrorAlert } from "@/components/ui/error-alert";
import { ApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { usePaymentChecks } from "./payment-checks-api";

type Provider = keyof PaymentKeyChecks;

// eslint-disable-next-line lingui/no-unlocalized-strings -- brand names, as the server sends them in `params.provider`
const BRAND = { creem: "Creem", paypal: "PayPal" } as const;
const REFUSED = { creem: "creem_key_refused", paypal: "paypal_keys_refused" } as const;

/** The last save's error when it was this provider's refusal (or the provider was away). */
function refusalOf(provider: Provider, error: unknown): ApiError | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const mine =
    error.reason === REFUSED[provider] ||
    (error.reason === "payment_unreachable" && error.params.provider === BRAND[provider]);
  return mine ? error : undefined;
}

export function PaymentCheckStatus({
  provider,
  savedAt,
  saveError,
}: {
  provider: Provider;
  savedAt: string;
  saveError: unknown;
}) {
  const { t } = useLingui();
  const checks = usePaymentChecks(savedAt);
  const check = checks.data?.[provider];
  const refusal = refusalOf(provider, saveError);
  if (!refusal && (!check || check.status === "off")) return null;
  return (
    <div className="grid gap-2 text-sm" data-testid={`${provider}-key-check`}>
      {check?.status === "checked" ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-zinc-300">
            <Badge variant="success">{t`Connected`}</Badge>
            <CheckedLine check={check} />
          </p>
          {"webhook" in check ? <WebhookLine check={check} /> : null}
        </>
      ) : check?.status === "unchecked" ? (
        <p className="flex flex-wrap items-center gap-2 text-zinc-300">
          <Badge variant="warning">{t`Not checked`}</Badge>
          <span>{t`These keys have not been tried since they were saved. Type the key again and save to have it tried.`}</span>
        </p>
      ) : null}
      {/* After what is in force: the keys the last save was refused for were not kept. */}
      <ErrorAlert error={refusal} />
    </div>
  );
}

type Checked = Extract<PaymentKeyChecks[Provider], { status: "checked" }>;

function CheckedLine({ check }: { check: Checked }) {
  const { t } = useLingui();
  const when = formatDateTime(check.checkedAt);
  switch (check.environment) {
    case "test":
      return <span>{t`Key accepted by Creem in test mode on ${when}.`}</span>;
    case "prod":
      return <span>{t`Key accepted by Creem in production on ${when}.`}</span>;
    case "sandbox":
      return <span>{t`Token issued by PayPal's sandbox on ${when}.`}</span>;
    case "production":
      return <span>{t`Token issued by PayPal for live payments on ${when}.`}</span>;
  }
}

function WebhookLine({ check }: { check: Extract<Checked, { webhook: string }> }) {
  const { t } = useLingui();
  const url = check.webhookUrl;
  switch (check.webhook) {
    case "found":
      return (
        <p className="text-zinc-300">
          {url ? t`Webhook found at PayPal: it sends to ${url}.` : t`Webhook found at PayPal.`}
        </p>
      );
    case "not_checked":
      return (
        <p className="text-zinc-300">{t`PayPal did not let these keys read the webhook, so its ID was not checked.`}</p>
      );
    case "not_found":
      return (
        <p className="text-amber-300">
          {t`PayPal has no webhook with this ID for these keys: its notices of refunds and disputes will be refused. Copy the ID of the webhook you added for this site.`}
        </p>
      );
    case "not_set":
      return (
        <p className="text-amber-300">
          {t`No webhook ID yet: PayPal's notices of refunds and disputes are refused until it is set.`}
        </p>
      );
  }
}
