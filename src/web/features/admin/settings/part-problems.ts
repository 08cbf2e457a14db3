/**
 * What is wrong with a settings field as typed, in the owner's words (issue 68 §3): found before the
 * save and shown beside the field, never the server's "paypalWebhookId must be ...".
 */
import { t } from "@lingui/core/macro";
import { MARGIN_PERCENT_LIMITS } from "../../../../shared/price-rule";
import { kieCreditUsd, priceMarginPercent } from "../../../../shared/schemas/settings";
import type { Problems } from "./field-binders";
import type { GoogleDraft, ModelDraft, PaymentDraft } from "./part-keys";

export function paymentProblems(draft: PaymentDraft): Problems {
  const webhookId = draft.paypalWebhookId?.trim() ?? "";
  return webhookId && !/^[A-Za-z0-9-]{1,100}$/.test(webhookId)
    ? {
        paypalWebhookId: t`Paste the webhook ID exactly as PayPal shows it: letters and digits, e.g. 8PT597110X687430LKGECATA.`,
      }
    : {};
}

export function googleProblems(draft: GoogleDraft): Problems {
  const uri = draft.googleRedirectUri?.trim() ?? "";
  return uri && !URL.canParse(uri)
    ? { googleRedirectUri: t`Enter a full address starting with https://, or leave it blank.` }
    : {};
}

export function modelProblems(draft: ModelDraft): Problems {
  return kieCreditUsd.safeParse(draft.kieCreditUsd).success
    ? {}
    : { kieCreditUsd: t`Enter what one KIE credit costs you in dollars, between 0.000001 and 1, e.g. 0.005.` };
}

export function marginProblems(draft: { priceMarginPercent: string }): Problems {
  const { min, max } = MARGIN_PERCENT_LIMITS;
  return priceMarginPercent.safeParse(draft.priceMarginPercent).success
    ? {}
    : { priceMarginPercent: t`Enter a whole percentage from ${min} to ${max}, e.g. 30.` };
}
