import { CircleAlert, CircleCheck, Clock, LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatCredits } from "@/lib/format";
import type { CreemReturnState } from "./use-creem-return";

const TONES = {
  success: "border-emerald-500/30 bg-gradient-to-br from-emerald-500/15 via-emerald-500/5 to-transparent text-emerald-50",
  warning: "border-amber-500/30 bg-amber-500/10 text-amber-50",
  danger: "border-red-500/30 bg-red-500/10 text-red-50",
} as const;

function content(state: CreemReturnState, signedIn: boolean) {
  const { status, result } = state;
  if (status === "completed" && result) {
    return {
      tone: "success" as const,
      icon: CircleCheck,
      title: "Payment successful, thank you!",
      text: `${formatCredits(result.credits)} credits from ${result.packageName} were added to your account. Your balance is now ${formatCredits(result.balance)} credits.`,
    };
  }
  if (status === "pending") {
    return {
      tone: "warning" as const,
      icon: Clock,
      title: "Your payment is being processed",
      text: result?.message || "Your credits will be added automatically as soon as the payment is confirmed.",
    };
  }
  if (status === "failed") {
    return {
      tone: "danger" as const,
      icon: CircleAlert,
      title: "The payment did not go through",
      text: result?.message || "You have not been charged. Please try again or choose another payment method.",
    };
  }
  if (status === "error") {
    return {
      tone: "warning" as const,
      icon: CircleAlert,
      title: "We could not confirm your payment yet",
      text: "If you were charged, your credits will be added automatically once the payment provider confirms it. Contact us if they do not arrive.",
    };
  }
  return {
    tone: "success" as const,
    icon: signedIn ? LoaderCircle : CircleCheck,
    title: "Thank you for your purchase!",
    text: signedIn ? "We are confirming your payment…" : "Sign in to see your credits. They are added as soon as the payment is confirmed.",
  };
}

/** The banner on /purchase-credits when Creem returns with checkout_id and order_id (decision 0016). */
export function CreemReturnBanner({ state, signedIn }: { state: CreemReturnState; signedIn: boolean }) {
  if (!state.info?.orderId) return null;
  const { tone, icon: Icon, title, text } = content(state, signedIn);
  return (
    <div role="status" aria-live="polite" className={cn("mb-8 flex items-start gap-4 rounded-2xl border p-5 sm:p-6", TONES[tone])}>
      <Icon
        className={cn(
          "mt-0.5 size-6 shrink-0",
          Icon === LoaderCircle && "animate-spin",
          tone === "success" ? "text-emerald-300" : tone === "warning" ? "text-amber-300" : "text-red-300",
        )}
        aria-hidden="true"
      />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm opacity-80">{text}</p>
        <p className="mt-2 truncate text-xs opacity-60">Order reference: {state.info.orderId}</p>
      </div>
    </div>
  );
}
