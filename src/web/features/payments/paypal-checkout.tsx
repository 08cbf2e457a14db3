import { useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { paymentsApi } from "../../../shared/api/payments";
import { ErrorState } from "@/components/ui/list-states";
import { callQuery, errorMessage } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { LoadingLine } from "./loading-line";
import { loadPaypalSdk } from "./paypal-sdk";
import { usePaypalButtons, type PaypalButtonsOptions } from "./use-paypal-buttons";

export interface PaypalCheckoutProps extends PaypalButtonsOptions {
  /** True from approval until the capture has answered: the dialog must stay open meanwhile. */
  onBusyChange: (busy: boolean) => void;
}

const LOAD_ERROR_BOX = "rounded-xl border border-dashed border-border px-4 py-5";

/**
 * PayPal's buttons (decision 0014): GET /paypal/setup, the SDK, then the buttons themselves
 * (usePaypalButtons) with a veil while the payment is captured.
 */
export function PaypalCheckout(props: PaypalCheckoutProps) {
  const { t } = useLingui();
  const setup = useQuery({
    queryKey: queryKeys.payments.paypalSetup,
    queryFn: callQuery(paymentsApi.paypalSetup),
    staleTime: 60_000,
  });
  const clientId = setup.data?.clientId;
  const sdk = useQuery({
    queryKey: queryKeys.payments.paypalSdk(clientId),
    queryFn: () => loadPaypalSdk(clientId ?? ""),
    enabled: Boolean(clientId),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const container = useRef<HTMLDivElement>(null);
  const { capturing, renderFailed, retry } = usePaypalButtons(sdk.data, container, props);

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
    <div className="relative min-h-14" aria-busy={capturing || sdk.isPending}>
      {sdk.isPending ? <LoadingLine label={t`Loading PayPal…`} /> : null}
      <div ref={container} aria-label={t`PayPal checkout`} role="group" />
      {capturing ? (
        <div
          className="absolute inset-0 flex items-center justify-center gap-2 rounded-xl bg-surface/90 text-sm font-medium"
          role="status"
        >
          <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden="true" />
          <Trans>Completing your payment…</Trans>
        </div>
      ) : null}
    </div>
  );
}
