import { useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { paymentsApi } from "../../../shared/api/payments";
import { ErrorState } from "@/components/ui/list-states";
import { LoadingLine, loadPaypalSubscriptionSdk } from "@/features/payments";
import { callQuery, errorMessage } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { usePaypalSubscribeButtons, type PaypalSubscribeOptions } from "./use-paypal-subscribe-buttons";

const LOAD_ERROR_BOX = "rounded-xl border border-dashed border-border px-4 py-5";

/**
 * PayPal's subscribe button for a plan: GET /paypal/setup, the SDK loaded for subscriptions
 * (vault=true, intent=subscription), then the button (usePaypalSubscribeButtons) with a veil
 * while the server confirms the subscription at PayPal.
 */
export function PaypalSubscribe(props: PaypalSubscribeOptions) {
  const { t } = useLingui();
  const setup = useQuery({
    queryKey: queryKeys.payments.paypalSetup,
    queryFn: callQuery(paymentsApi.paypalSetup),
    staleTime: 60_000,
  });
  const clientId = setup.data?.clientId;
  const sdk = useQuery({
    queryKey: queryKeys.payments.paypalSubscriptionSdk(clientId),
    queryFn: () => loadPaypalSubscriptionSdk(clientId ?? ""),
    enabled: Boolean(clientId),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const container = useRef<HTMLDivElement>(null);
  const { confirming, renderFailed, retry } = usePaypalSubscribeButtons(sdk.data, container, props);

  if (setup.isPending) return <LoadingLine label={t`Loading PayPal…`} />;
  if (setup.isError) {
    const problem = errorMessage(setup.error);
    return (
      <ErrorState
        className={LOAD_ERROR_BOX}
        message={t`PayPal is not available right now: ${problem}`}
        onRetry={() => void setup.refetch()}
      />
    );
  }
  if (sdk.isError || renderFailed) {
    return (
      <ErrorState
        className={LOAD_ERROR_BOX}
        message={sdk.isError ? errorMessage(sdk.error) : t`PayPal's buttons could not be shown. Please try again.`}
        onRetry={() => {
          retry();
          if (sdk.isError) void sdk.refetch();
        }}
      />
    );
  }
  return (
    <div className="relative min-h-14" aria-busy={confirming || sdk.isPending}>
      {sdk.isPending ? <LoadingLine label={t`Loading PayPal…`} /> : null}
      <div ref={container} aria-label={t`PayPal subscription`} role="group" />
      {confirming ? (
        <div
          className="absolute inset-0 flex items-center justify-center gap-2 rounded-xl bg-surface/90 text-sm font-medium"
          role="status"
        >
          <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden="true" />
          <Trans>Starting your plan…</Trans>
        </div>
      ) : null}
    </div>
  );
}
