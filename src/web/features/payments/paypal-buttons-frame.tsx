import type { ReactNode, RefObject } from "react";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { paymentsApi } from "../../../shared/api/payments";
import { ErrorState } from "@/components/ui/list-states";
import { callQuery, errorMessage } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { LoadingLine } from "./loading-line";

const LOAD_ERROR_BOX = "rounded-xl border border-dashed border-border px-4 py-5";

/**
 * PayPal's client id (GET /paypal/setup), then its SDK loaded by `load` under `key` once: a pack's
 * checkout and a plan's subscription each load their own script (paypal-sdk.ts).
 */
export function usePaypalSdk<T>(
  key: (clientId: string | undefined) => readonly unknown[],
  load: (clientId: string) => Promise<T>,
) {
  const setup = useQuery({
    queryKey: queryKeys.payments.paypalSetup,
    queryFn: callQuery(paymentsApi.paypalSetup),
    staleTime: 60_000,
  });
  const clientId = setup.data?.clientId;
  const sdk = useQuery({
    queryKey: key(clientId),
    queryFn: () => load(clientId ?? ""),
    enabled: Boolean(clientId),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { setup, sdk };
}

/**
 * Where PayPal's buttons render, for a pack's checkout and a plan's subscription alike: loading,
 * what went wrong with a way to try again, and a veil with `busyText` while the server finishes.
 */
export function PaypalButtonsFrame({
  paypal,
  container,
  groupLabel,
  busy,
  busyText,
  renderFailed,
  retry,
}: {
  paypal: ReturnType<typeof usePaypalSdk<unknown>>;
  container: RefObject<HTMLDivElement | null>;
  groupLabel: string;
  busy: boolean;
  busyText: ReactNode;
  renderFailed: boolean;
  retry: () => void;
}) {
  const { t } = useLingui();
  const { setup, sdk } = paypal;
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
    <div className="relative min-h-14" aria-busy={busy || sdk.isPending}>
      {sdk.isPending ? <LoadingLine label={t`Loading PayPal…`} /> : null}
      <div ref={container} aria-label={groupLabel} role="group" />
      {busy ? (
        <div
          className="absolute inset-0 flex items-center justify-center gap-2 rounded-xl bg-surface/90 text-sm font-medium"
          role="status"
        >
          <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden="true" />
          {busyText}
        </div>
      ) : null}
    </div>
  );
}
