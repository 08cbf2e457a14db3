import type { ReactNode } from "react";
import { CircleAlert, CircleCheck, Clock, LoaderCircle, type LucideIcon } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { balanceNowText, creditsGivenText, paymentResultText } from "./payment-feedback";
import type { CreemReturnState } from "./use-creem-return";

const TONES = {
  success: {
    className:
      "border-emerald-500/30 bg-gradient-to-br from-emerald-500/15 via-emerald-500/5 to-transparent text-emerald-50",
    iconClassName: "text-emerald-300",
  },
  warning: { className: "border-amber-500/30 bg-amber-500/10 text-amber-50", iconClassName: "text-amber-300" },
  danger: { className: "border-red-500/30 bg-red-500/10 text-red-50", iconClassName: "text-red-300" },
} as const;

interface BannerContent {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: ReactNode;
  text: ReactNode;
}

function content(state: CreemReturnState, signedIn: boolean): BannerContent {
  const { status, result } = state;
  if (status === "completed" && result) {
    const packageName = result.packageName;
    const given = creditsGivenText(result);
    const balance = balanceNowText(result.balance);
    return {
      tone: "success",
      icon: CircleCheck,
      title: <Trans>Payment successful, thank you!</Trans>,
      text: (
        <Trans>
          Added to your account: {given} from {packageName}. {balance}
        </Trans>
      ),
    };
  }
  if (status === "pending") {
    return {
      tone: "warning",
      icon: Clock,
      title: <Trans>Your payment is being processed</Trans>,
      text: result ? (
        paymentResultText(result)
      ) : (
        <Trans>Your credits will be added automatically as soon as the payment is confirmed.</Trans>
      ),
    };
  }
  if (status === "failed") {
    return {
      tone: "danger",
      icon: CircleAlert,
      title: <Trans>The payment did not go through</Trans>,
      text: result ? (
        paymentResultText(result)
      ) : (
        <Trans>You have not been charged. Please try again or choose another payment method.</Trans>
      ),
    };
  }
  if (status === "error") {
    return {
      tone: "warning",
      icon: CircleAlert,
      title: <Trans>We could not confirm your payment yet</Trans>,
      text: (
        <Trans>
          If you were charged, your credits will be added automatically once the payment provider confirms it. Contact
          us if they do not arrive.
        </Trans>
      ),
    };
  }
  return {
    tone: "success",
    icon: signedIn ? LoaderCircle : CircleCheck,
    title: <Trans>Thank you for your purchase!</Trans>,
    text: signedIn ? (
      <Trans>We are confirming your payment…</Trans>
    ) : (
      <Trans>Sign in to see your credits. They are added as soon as the payment is confirmed.</Trans>
    ),
  };
}

/** The banner on /purchase-credits when Creem returns with checkout_id and order_id (decision 0016). */
export function CreemReturnBanner({ state, signedIn }: { state: CreemReturnState; signedIn: boolean }) {
  if (!state.info?.orderId) return null;
  const { tone, icon: Icon, title, text } = content(state, signedIn);
  const orderId = state.info.orderId;
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("mb-8 flex items-start gap-4 rounded-2xl border p-5 sm:p-6", TONES[tone].className)}
    >
      <Icon
        className={cn("mt-0.5 size-6 shrink-0", Icon === LoaderCircle && "animate-spin", TONES[tone].iconClassName)}
        aria-hidden="true"
      />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm opacity-80">{text}</p>
        <p className="mt-2 truncate text-xs opacity-60">
          <Trans>Order reference: {orderId}</Trans>
        </p>
      </div>
    </div>
  );
}
