/**
 * Why a code was refused, in the person's language (decision 0156): the words are in the `app`
 * catalogue with the pages that take codes, not in the landing page's, so each of those modules
 * imports this file for what it adds to the error texts.
 */
import { plural, t } from "@lingui/core/macro";
import type { ErrorParams } from "../../../shared/error-reasons";
import { addReasonTexts } from "@/lib/error-text";
import { formatDate } from "@/lib/format";

const num = (params: ErrorParams, name: string) => Number(params[name] ?? 0);
const str = (params: ErrorParams, name: string) => String(params[name] ?? "");

addReasonTexts((reason, params) => {
  switch (reason) {
    case "codes_off":
      return t`Codes cannot be used right now. Please try again later.`;
    case "code_unknown":
      return t`This code does not exist. Check it for typos and try again.`;
    case "code_needs_verified_email":
      return t`Confirm your e-mail address first (the link in the e-mail we sent you), then redeem the code.`;
    case "code_disabled":
      return t`This code is no longer valid.`;
    case "code_not_yet_valid": {
      const from = formatDate(str(params, "from"));
      return t`This code cannot be used before ${from}.`;
    }
    case "code_expired": {
      const until = formatDate(str(params, "until"));
      return t`This code expired on ${until}.`;
    }
    case "code_used_up":
      return t`This code has been used as often as it may be.`;
    case "code_already_used":
      return t`You have already used this code.`;
    case "code_first_purchase_only":
      return t`This code is only for a first purchase, and you have bought before.`;
    case "code_wrong_target":
      return str(params, "target") === "plan"
        ? t`This code does not apply to this plan.`
        : t`This code does not apply to this package.`;
    case "code_below_minimum":
      return t`This code would take the price below the smallest amount we can charge. Choose a larger package or plan.`;
    case "code_is_grant":
      return t`This code gives credits rather than a discount: redeem it on the pricing page or on My Account.`;
    case "code_is_discount":
      return t`This is a discount code: enter it in the purchase dialog when you buy credits or a plan.`;
    case "code_guess_wait": {
      const seconds = num(params, "seconds");
      return plural(seconds, {
        one: "Too many wrong codes. Wait # second before you try another.",
        other: "Too many wrong codes. Wait # seconds before you try another.",
      });
    }
    case "code_guess_limit": {
      const hours = Math.max(1, Math.ceil(num(params, "seconds") / 3600));
      return plural(hours, {
        one: "Too many wrong codes today. Try again in # hour, or contact us if a code you were given does not work.",
        other:
          "Too many wrong codes today. Try again in # hours, or contact us if a code you were given does not work.",
      });
    }
    case "code_taken":
      return t`This code already exists. Choose another.`;
    case "code_in_use":
      return t`This code has been used: its kind and value can no longer change. Make a new code instead.`;
    default:
      return undefined;
  }
});
