/** The plan toasts: the server's sentence in English, the same said in the person's language otherwise. */
import { t } from "@lingui/core/macro";
import type { SubscriptionView } from "../../../shared/schemas/plans";
import { toast } from "@/hooks/use-toast";
import { readsServerLanguage } from "@/lib/i18n";

const serverOr = (message: string, own: string) => (readsServerLanguage() && message ? message : own);

/** After PayPal's approval: the plan is active, or PayPal has not said so yet. */
export function announcePaypalSubscription(result: { message: string; subscription: SubscriptionView | null }) {
  if (result.subscription) {
    toast({ title: t`Plan started`, description: serverOr(result.message, t`Your plan is active.`) });
  } else {
    toast({
      title: t`Waiting for PayPal`,
      description: serverOr(result.message, t`PayPal has not confirmed your plan yet. Check again in a minute.`),
    });
  }
}

/** A cancel or an undo went through: what happens now. */
export function announcePlanAction(title: string, message: string, own: string) {
  toast({ title, description: serverOr(message, own) });
}

/** A switch was accepted: now, at the period's end, or at PayPal's next billing cycle. */
export function announcePlanChange(
  result: { when: "now" | "period_end" | "next_cycle"; message: string; approveUrl: string | null },
  planName: string,
) {
  const own =
    result.when === "now"
      ? t`You are moving to ${planName} now; the difference is charged for the rest of this period.`
      : result.when === "period_end"
        ? t`You move to ${planName} when this period ends.`
        : t`You move to ${planName} at your next PayPal billing cycle.`;
  toast({ title: t`Plan change accepted`, description: serverOr(result.message, own) });
}
