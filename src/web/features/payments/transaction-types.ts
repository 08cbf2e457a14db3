import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { TransactionView } from "../../../shared/schemas/account";
import type { BadgeProps } from "@/components/ui/badge";
import { formatCredits } from "@/lib/format";
import { i18n } from "@/lib/i18n";

export interface TransactionTypeLook {
  /** In the active language, read when shown. */
  readonly label: string;
  readonly variant: BadgeProps["variant"];
}

function transactionType(label: MessageDescriptor, variant: BadgeProps["variant"]): TransactionTypeLook {
  return {
    get label() {
      return i18n._(label);
    },
    variant,
  };
}

/** Each kind of transaction's badge: its word and colour (the user's history and the admin's). */
export const TRANSACTION_TYPES: Record<TransactionView["type"], TransactionTypeLook> = {
  purchase: transactionType(msg`Purchase`, "success"),
  bonus: transactionType(msg`Bonus`, "success"),
  refund: transactionType(msg`Refund`, "default"),
  usage: transactionType(msg`Usage`, "secondary"),
  adjustment: transactionType(msg`Adjustment`, "warning"),
  reversal: transactionType(msg`Payment reversed`, "destructive"),
  expiry: transactionType(msg`Expired`, "secondary"),
  subscription: transactionType(msg`Plan credits`, "success"),
  rollover: transactionType(msg`Rolled over`, "default"),
  welcome: transactionType(msg`Welcome credits`, "success"),
  code: transactionType(msg`Code`, "success"),
  referral: transactionType(msg`Referral`, "success"),
};

/** A type the web app does not know yet shows its own name, in grey. */
export function transactionTypeLook(type: TransactionView["type"]): TransactionTypeLook {
  return TRANSACTION_TYPES[type] ?? { label: type, variant: "secondary" };
}

/** "+150" or "−5" (a real minus sign). */
export function signedCredits(amount: number): string {
  if (amount > 0) return `+${formatCredits(amount)}`;
  if (amount < 0) return `\u2212${formatCredits(-amount)}`;
  return "0";
}
