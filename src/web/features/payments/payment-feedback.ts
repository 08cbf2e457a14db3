/** The payment toasts (decision 0016), in one place so every flow says the same thing. */
import { t } from "@lingui/core/macro";
import type { PaymentResult } from "../../../shared/schemas/payments";
import { toast } from "@/hooks/use-toast";
import { bonusCreditsLabel, creditsLabel } from "./credit-words";
import { readsServerLanguage } from "@/lib/i18n";
import { paymentProblem } from "./payments-api";

function paymentFailedText(): string {
  return t`There was an issue with your payment. Please try again.`;
}

function checkConnectionText(): string {
  return t`Please check your connection and try again.`;
}

export function toastPaymentSuccess(description?: string): void {
  toast({
    title: t`Payment Successful!`,
    description: description ?? t`Your credits have been added to your account.`,
  });
}

export function toastPaymentFailed(description?: string): void {
  toast({ title: t`Payment Failed`, description: description ?? paymentFailedText(), variant: "destructive" });
}

export function toastPaymentCancelled(): void {
  toast({ title: t`Payment Cancelled`, description: t`Your payment was cancelled. You have not been charged.` });
}

/** What a payment gives: "150 credits", or "150 credits and 25 bonus credits". */
export function creditsGivenText(result: Pick<PaymentResult, "credits" | "bonusCredits">): string {
  const credits = creditsLabel(result.credits);
  if (result.bonusCredits <= 0) return credits;
  const bonus = bonusCreditsLabel(result.bonusCredits);
  return t`${credits} and ${bonus}`;
}

/** "Your balance is now 175 credits." */
export function balanceNowText(balance: number): string {
  const now = creditsLabel(balance);
  return t`Your balance is now ${now}.`;
}

/** Why a payment is pending or failed: the server's sentence in English, else the same in the person's language. */
export function paymentResultText(result: PaymentResult): string {
  if (readsServerLanguage() && result.message) return result.message;
  if (result.status === "pending") {
    const credits = creditsLabel(result.credits + result.bonusCredits);
    return t`Your payment is being processed. Your ${credits} will be added as soon as it is confirmed.`;
  }
  switch (result.reason) {
    case "checkout_expired":
      return t`This checkout expired before it was paid. Nothing was charged.`;
    case "amount_mismatch":
      return t`The amount paid does not match this package, so no credits were added. Please contact support.`;
    default:
      return paymentFailedText();
  }
}

/** A checkout or capture answer: completed, still pending at the provider, or not paid. */
export function announcePaymentResult(result: PaymentResult): void {
  if (result.status === "completed") {
    const given = creditsGivenText(result);
    const added = t`${given} added.`;
    toastPaymentSuccess(`${added} ${balanceNowText(result.balance)}`);
  } else if (result.status === "pending") {
    toast({ title: t`Payment Pending`, description: paymentResultText(result) });
  } else {
    toastPaymentFailed(paymentResultText(result));
  }
}

/**
 * A failed payment call: the server's message as the title and its suggestion as the
 * description (decision 0016), or `fallbackTitle` when the server said nothing usable.
 */
export function toastPaymentError(error: unknown, fallbackTitle: string): void {
  const { message, suggestion } = paymentProblem(error);
  if (message) {
    toast({ title: message, description: suggestion ?? undefined, variant: "destructive" });
  } else {
    toast({ title: fallbackTitle, description: checkConnectionText(), variant: "destructive" });
  }
}

/** A failed PayPal step: a fixed title (decision 0016) and what the server said as the description. */
export function toastPaymentStepError(title: string, error: unknown): void {
  const { message, suggestion } = paymentProblem(error);
  const sentence = message && !/[.!?]$/.test(message) ? `${message}.` : message;
  const description = [sentence, suggestion].filter(Boolean).join(" ") || checkConnectionText();
  toast({ title, description, variant: "destructive" });
}

/** PayPal could not create the order (its createOrder step). */
export function toastPaypalOrderFailed(error: unknown): void {
  toastPaymentStepError(t`Failed to create payment order`, error);
}

/** The capture of an approved PayPal order failed. */
export function toastPaypalCaptureFailed(error: unknown): void {
  toastPaymentStepError(t`Failed to complete payment`, error);
}

/** PayPal's own onError, when no step has said what went wrong. */
export function toastPaypalError(): void {
  toast({
    title: t`PayPal payment error`,
    description: t`PayPal could not process the payment. Please try again or choose another payment method.`,
    variant: "destructive",
  });
}
