import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { paymentsApi } from "../../../shared/api/payments";
import type { PaymentResult } from "../../../shared/schemas/payments";
import { Button } from "@/components/ui/button";
import { callQuery, errorMessage } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import type { DisplayPackage } from "./packages";
import {
  announcePaymentResult,
  toastPaymentCancelled,
  toastPaypalCaptureFailed,
  toastPaypalError,
  toastPaypalOrderFailed,
} from "./payment-feedback";
import { capturePaypalOrder, createPaypalOrder } from "./payments-api";
import { loadPaypalSdk } from "./paypal-sdk";
import { refreshAfterPurchase } from "./use-payment-queries";

export interface PaypalCheckoutProps {
  pkg: DisplayPackage;
  /** A capture answered (completed, pending or failed). */
  onResult: (result: PaymentResult) => void;
  /** True from approval until the capture has answered: the dialog must stay open meanwhile. */
  onBusyChange: (busy: boolean) => void;
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground" role="status">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      {label}
    </div>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border px-4 py-5 text-center"
      role="alert"
    >
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        <Trans>Try again</Trans>
      </Button>
    </div>
  );
}

/**
 * PayPal's buttons (decision 0014): GET /paypal/setup, the SDK, then createOrder ->
 * POST /paypal/order and onApprove -> POST /paypal/order/{id}/capture on our server.
 */
export function PaypalCheckout({ pkg, onResult, onBusyChange }: PaypalCheckoutProps) {
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
  const [capturing, setCapturing] = useState(false);
  const [renderFailed, setRenderFailed] = useState(false);
  const [renderAttempt, setRenderAttempt] = useState(0);
  const container = useRef<HTMLDivElement>(null);

  // The SDK keeps the callbacks it was given: they read the latest props through this ref.
  const latest = useRef({ pkg, onResult, onBusyChange });
  useEffect(() => {
    latest.current = { pkg, onResult, onBusyChange };
  });

  const paypal = sdk.data;
  useEffect(() => {
    const element = container.current;
    if (!paypal || !element) return;
    let disposed = false;
    // A step that already said what went wrong; PayPal then calls onError too, which stays quiet.
    let reported = false;
    const buttons = paypal.Buttons({
      style: { layout: "vertical", color: "gold", shape: "rect", label: "paypal", height: 44 },
      createOrder: async () => {
        try {
          return await createPaypalOrder(latest.current.pkg);
        } catch (error) {
          reported = true;
          toastPaypalOrderFailed(error);
          throw error;
        }
      },
      onApprove: async ({ orderID }) => {
        setCapturing(true);
        latest.current.onBusyChange(true);
        try {
          const result = await capturePaypalOrder(orderID, latest.current.pkg.id);
          announcePaymentResult(result);
          if (result.status !== "failed") void refreshAfterPurchase();
          latest.current.onResult(result);
        } catch (error) {
          toastPaypalCaptureFailed(error);
        } finally {
          if (!disposed) setCapturing(false);
          latest.current.onBusyChange(false);
        }
      },
      onCancel: () => toastPaymentCancelled(),
      onError: () => {
        if (reported) {
          reported = false;
          return;
        }
        toastPaypalError();
      },
    });
    buttons.render(element).catch(() => {
      if (!disposed) setRenderFailed(true);
    });
    return () => {
      disposed = true;
      void buttons.close?.().catch(() => undefined);
      element.replaceChildren();
    };
  }, [paypal, renderAttempt]);

  if (setup.isPending) return <Loading label={t`Loading PayPal…`} />;
  if (setup.isError) {
    const problem = errorMessage(setup.error);
    return (
      <LoadError message={t`PayPal is not available right now: ${problem}`} onRetry={() => void setup.refetch()} />
    );
  }
  if (sdk.isError || renderFailed) {
    return (
      <LoadError
        message={sdk.isError ? errorMessage(sdk.error) : t`PayPal's buttons could not be shown. Please try again.`}
        onRetry={() => {
          setRenderFailed(false);
          setRenderAttempt((n) => n + 1);
          if (sdk.isError) void sdk.refetch();
        }}
      />
    );
  }
  return (
    <div className="relative min-h-14" aria-busy={capturing || sdk.isPending}>
      {sdk.isPending ? <Loading label={t`Loading PayPal…`} /> : null}
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
