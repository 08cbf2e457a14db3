import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "wouter";
import { t } from "@lingui/core/macro";
import { paymentsApi } from "../../../shared/api/payments";
import type { TransactionView } from "../../../shared/schemas/account";
import { toast } from "@/hooks/use-toast";
import { call } from "@/lib/api";
import {
  balanceNowText,
  creditsGivenText,
  toastPaymentCancelled,
  toastPaymentFailed,
  toastPaymentSuccess,
} from "./payment-feedback";
import { refreshAfterPurchase } from "./use-payment-queries";

/** A purchase this recent is the one the buyer just came back from (a provider returns within seconds). */
const RECENT_PURCHASE_MS = 30 * 60_000;

/**
 * The purchase (and its bonus) the buyer's newest history rows show as credited within the last
 * half hour: the only proof that "payment=success" in an address means credits were added.
 */
function recentPurchase(rows: readonly TransactionView[], now: number) {
  const purchase = rows.find(
    (row) => row.type === "purchase" && now - new Date(row.createdAt).getTime() <= RECENT_PURCHASE_MS,
  );
  if (!purchase) return null;
  // Written in the same database transaction: the same package and the same moment.
  const bonus = rows.find(
    (row) => row.type === "bonus" && row.packageId === purchase.packageId && row.createdAt === purchase.createdAt,
  );
  return { credits: purchase.amount, bonusCredits: bonus?.amount ?? 0 };
}

function toastChecking(signedIn: boolean): void {
  toast({
    title: t`We are checking your payment`,
    description: signedIn
      ? t`Your credits are added as soon as the payment is confirmed. Your balance and history on this page show them.`
      : t`Sign in to see your credits. They are added as soon as the payment is confirmed.`,
  });
}

/** "payment=success": says credits were added only when the buyer's history shows a purchase just credited. */
async function confirmSuccess(signedIn: boolean): Promise<void> {
  if (!signedIn) return toastChecking(false);
  try {
    const [page, stats] = await Promise.all([
      call(paymentsApi.transactions, { query: { page: 1 } }),
      call(paymentsApi.stats),
    ]);
    const found = recentPurchase(page.data, Date.now());
    if (!found) return toastChecking(true);
    const given = creditsGivenText(found);
    const added = t`${given} added.`;
    toastPaymentSuccess(`${added} ${balanceNowText(stats.credits)}`);
    void refreshAfterPurchase();
  } catch {
    toastChecking(true);
  }
}

/**
 * /pricing?payment=success|failed|error|cancelled (a provider sent the buyer back): one toast,
 * then the address becomes plain /pricing without a reload (a replace), so a reload or a
 * shared link does not repeat it. The address alone proves nothing: "success" is checked
 * against the buyer's own history first (issue 38), once it is known who is signed in.
 */
export function usePaymentReturnToast({ signedIn, resolved }: { signedIn: boolean; resolved: boolean }): void {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const outcome = params.get("payment");
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (outcome === null) {
      handled.current = null;
      return;
    }
    if (handled.current === outcome || !resolved) return;
    handled.current = outcome;
    if (outcome === "success") {
      void confirmSuccess(signedIn);
    } else if (outcome === "failed" || outcome === "error") {
      toastPaymentFailed();
    } else if (outcome === "cancelled") {
      toastPaymentCancelled();
    }
    navigate("/pricing", { replace: true });
  }, [outcome, navigate, signedIn, resolved]);
}
