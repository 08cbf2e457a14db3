/** The payment toasts (decision 0016), in one place so every flow says the same thing. */
import type { PaymentResult } from "../../../shared/schemas/payments";
import { toast } from "@/hooks/use-toast";
import { formatCredits } from "@/lib/format";
import { paymentProblem } from "./payments-api";

export const PAYMENT_FAILED_TEXT = "There was an issue with your payment. Please try again.";

export function toastPaymentSuccess(description?: string): void {
  toast({ title: "Payment Successful!", description: description ?? "Your credits have been added to your account." });
}

export function toastPaymentFailed(description = PAYMENT_FAILED_TEXT): void {
  toast({ title: "Payment Failed", description, variant: "destructive" });
}

export function toastPaymentCancelled(): void {
  toast({ title: "Payment Cancelled", description: "Your payment was cancelled. You have not been charged." });
}

/** A checkout or capture answer: completed, still pending at the provider, or not paid. */
export function announcePaymentResult(result: PaymentResult): void {
  if (result.status === "completed") {
    toastPaymentSuccess(`${formatCredits(result.credits)} credits added. Your balance is now ${formatCredits(result.balance)} credits.`);
  } else if (result.status === "pending") {
    toast({
      title: "Payment Pending",
      description: result.message || "Your payment is being processed. Your credits will be added as soon as it is confirmed.",
    });
  } else {
    toastPaymentFailed(result.message || PAYMENT_FAILED_TEXT);
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
    toast({ title: fallbackTitle, description: "Please check your connection and try again.", variant: "destructive" });
  }
}

/** A failed PayPal step: a fixed title (decision 0016) and what the server said as the description. */
export function toastPaymentStepError(title: string, error: unknown): void {
  const { message, suggestion } = paymentProblem(error);
  const sentence = message && !/[.!?]$/.test(message) ? `${message}.` : message;
  const description = [sentence, suggestion].filter(Boolean).join(" ") || "Please check your connection and try again.";
  toast({ title, description, variant: "destructive" });
}
