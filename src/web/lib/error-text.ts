/**
 * What an API error means, in the person's language (decision 0056): from the error's `reason`
 * when it has one, else from its `code`, with the values from `params`. The server's English
 * `message` is English: in English it is shown as it is.
 */
import { plural, t } from "@lingui/core/macro";
import type { ErrorCode } from "../../shared/error-codes";
import type { ErrorParams, ErrorReason } from "../../shared/error-reasons";
import { formatDate } from "./format";
import { readsServerLanguage } from "./i18n";

type Params = ErrorParams;
const num = (params: Params, name: string) => Number(params[name] ?? 0);
const str = (params: Params, name: string) => String(params[name] ?? "");
/** `text` ending with exactly one full stop (or its own ? or !). */
function sentence(text: string): string {
  let out = text.trim();
  while (out.endsWith(".")) out = out.slice(0, -1);
  return /[!?]$/.test(out) ? out : `${out}.`;
}

type ReasonTexts = (reason: ErrorReason, params: Params) => string | undefined;
const featureReasonTexts: ReasonTexts[] = [];

/**
 * A feature's own reasons (codes, welcome-credit videos), whose words are in the catalogue of the
 * pages that can meet them rather than in the landing page's: the feature's module adds them when
 * it loads. A reason no loaded module knows shows the server's sentence.
 */
export function addReasonTexts(texts: ReasonTexts): void {
  featureReasonTexts.push(texts);
}

/** A reason's sentence from the features' texts, if a loaded one words it. */
function featureText(reason: ErrorReason, params: Params): string | undefined {
  for (const texts of featureReasonTexts) {
    const text = texts(reason, params);
    if (text !== undefined) return text;
  }
  return undefined;
}

function reasonText(reason: ErrorReason, params: Params): string | undefined {
  switch (reason) {
    case "username_taken":
      return t`Username already exists.`;
    case "email_taken":
      return t`An account with this email already exists.`;
    case "fields_required":
      return t`Please fill in all fields.`;
    case "wrong_current_password":
      return t`The current password is incorrect.`;
    case "google_not_enabled":
      return t`Google sign-in is not enabled.`;
    case "google_already_connected":
      return t`Google is already connected to this account.`;
    case "video_not_ready":
      return t`This version of the video is not available yet.`;
    case "video_still_generating":
      return t`This video is still being made. Delete it once it has finished.`;
    case "video_not_shareable":
      return t`Only a finished video can be shared.`;
    case "video_already_refunded":
      return t`This video has already been refunded.`;
    case "no_4k_charge":
      return t`This video has no 4K charge to refund.`;
    case "uhd_needs_finished_video":
      return t`Only a finished video can be upgraded to 4K.`;
    case "uhd_exists":
      return t`This video already has its 4K version.`;
    case "uhd_in_progress":
      return t`The 4K version of this video is already being made.`;
    case "uhd_failed":
      return t`The 4K version of this video could not be made.`;
    case "extend_needs_finished_video":
      return t`Only a finished video can be extended.`;
    case "final_needs_draft":
      return t`This video is not a draft: only a draft can be made final.`;
    case "final_needs_finished_draft":
      return t`Only a finished draft can be made final: wait until it is ready.`;
    case "extend_after_hd":
      return t`A video cannot be extended after its 1080p version was made. Tick “Keep extendable” when you make a video you may extend.`;
    case "upgrade_not_offered": {
      const model = str(params, "model");
      return t`${model} does not offer this for its videos.`;
    }
    case "extend_refused":
      return t`This video cannot be extended after its 1080p version was made. Your credits were refunded.`;
    case "video_refused": {
      // Worded with a next step by the videos feature when the server sent the reason (decision 0163).
      const worded = featureText(reason, params);
      if (worded !== undefined) return worded;
      // The provider's own reason, in English, as one sentence with its full stop (and never a second).
      const detail = sentence(str(params, "detail"));
      return t`The video was refused: ${detail} Your credits were refunded.`;
    }
    case "provider_busy":
      return t`The video service is busy right now. Please try again in a minute. Your credits were refunded.`;
    case "generation_unavailable":
      return t`Video generation is temporarily unavailable. Please try again later. Your credits were refunded.`;
    case "image_type":
      return t`Only JPG, PNG or WebP images can be used.`;
    case "image_pixels": {
      const megapixels = num(params, "megapixels");
      return t`This image has too many pixels: at most ${megapixels} megapixels can be used. Please choose a smaller image.`;
    }
    case "cursor_invalid":
      return t`This page of the list can no longer be found. Start again from the first page.`;
    case "image_gone":
      return t`An image of this video is no longer stored. Upload it again.`;
    case "model_unavailable": {
      const model = str(params, "model");
      const models = str(params, "models");
      return models
        ? t`${model} is not offered at the moment. Choose another model: ${models}.`
        : t`${model} is not offered at the moment. Choose another model.`;
    }
    case "image_unreachable":
      return t`A linked image could not be fetched. Check that the link opens the image itself, or upload the image instead.`;
    case "token_limit": {
      const max = num(params, "max");
      return plural(max, {
        one: "You already have # API token. Delete it to create another.",
        other: "You already have # API tokens. Delete one you no longer use to create another.",
      });
    }
    case "webhook_limit": {
      const max = num(params, "max");
      return plural(max, {
        one: "You can have at most # webhook endpoint. Delete it first.",
        other: "You can have at most # webhook endpoints. Delete one first.",
      });
    }
    case "package_unavailable":
      return t`This credit package is not available. Choose another package on the pricing page.`;
    case "plan_unavailable":
      return t`This plan is not available. Choose another plan on the pricing page.`;
    case "plan_provider_unavailable":
      return t`This plan cannot be paid this way right now. Choose another way to pay, or contact us.`;
    case "plan_already_live":
      return t`You already have a plan. Switch plans from the pricing page instead.`;
    case "plan_past_due":
      return t`Your plan's last payment did not go through. Update your card or cancel that plan before you subscribe again.`;
    case "no_plan":
      return t`You have no plan. Choose one on the pricing page.`;
    case "plan_already_cancelling":
      return t`Your plan is already cancelled at the end of its period.`;
    case "plan_not_cancelling":
      return t`Your plan is not cancelled, so there is nothing to undo.`;
    case "plan_same":
      return t`You are already on this plan.`;
    case "legal_text_too_long": {
      const length = num(params, "length");
      const max = num(params, "max");
      return t`The text is too long: ${length} characters. A legal page can hold at most ${max} characters.`;
    }
    case "explore_off":
      return t`Explore is turned off on this site, so videos cannot be published there now. Nothing was changed.`;
    case "showcase_video_unavailable":
      return t`This video cannot be shown in the showcase: choose a finished video of yours, or one its owner shares.`;
    case "checkout_failed": {
      const provider = str(params, "provider");
      return t`Could not start the ${provider} payment. Please try again or choose another payment method.`;
    }
    case "provider_unavailable_for_package": {
      const provider = str(params, "provider");
      return t`Payment through ${provider} is not available for this package right now. Choose another way to pay or another package, or contact us.`;
    }
    case "live_stream_limit":
      return t`Too many open live-update streams for this account. Close some tabs and try again.`;
    case "database_unavailable":
      return t`The service is briefly unavailable. Please try again in a moment.`;
    case "path_too_long":
      return t`This address is longer than any page of this site. Check the link.`;
    case "balance_changed": {
      const username = str(params, "username");
      const credits = num(params, "credits");
      return t`The balance of ${username} changed since you opened this: it is now ${credits}. Check the new balance and confirm again.`;
    }
    case "credits_below_zero": {
      const username = str(params, "username");
      const credits = num(params, "credits");
      const amount = num(params, "amount");
      return t`The balance of ${username} is ${credits}: taking away ${amount} would leave it below zero. Take away at most ${credits}.`;
    }
    case "web_price_needs_web_app":
      return t`The web price is for the Veo Studio web app. Scripts and automations use an API token from the API page (/api), at the API price. Reload this page if you see this here.`;
    case "kie_key_refused":
      return t`The video provider refused this key. Check it in your provider account; nothing was saved.`;
    case "kie_unreachable":
      return t`The video provider could not be reached to test this key, so nothing was saved. Try again in a minute.`;
    case "creem_key_refused": {
      // Creem's own reason, in English (decision 0145).
      const detail = sentence(str(params, "detail"));
      return str(params, "environment") === "prod"
        ? t`Creem refused this API key in production: ${detail} Use a live key, not a test-mode one. Nothing was saved.`
        : t`Creem refused this API key in test mode: ${detail} Use a test-mode key (it starts with creem_test_). Nothing was saved.`;
    }
    case "paypal_keys_refused": {
      const detail = sentence(str(params, "detail"));
      return str(params, "environment") === "production"
        ? t`PayPal refused this client ID and secret for live payments: ${detail} Use the live app's credentials from PayPal's developer dashboard. Nothing was saved.`
        : t`PayPal's sandbox refused this client ID and secret: ${detail} Use the sandbox app's credentials from PayPal's developer dashboard. Nothing was saved.`;
    }
    case "prices_below_cost": {
      const items = str(params, "items");
      return t`This would sell below the vendor's cost: ${items}. Raise these prices, or save again and confirm.`;
    }
    case "payment_unreachable": {
      const provider = str(params, "provider");
      return t`${provider} could not be reached to test these keys, so nothing was saved. Try again in a minute.`;
    }
    case "credits_owed": {
      const owed = num(params, "owed");
      return plural(owed, {
        one: "A payment of yours was refunded after its credits were spent: # credit is owed. Buy credits to settle it; new videos can be made once it is paid.",
        other:
          "A payment of yours was refunded after its credits were spent: # credits are owed. Buy credits to settle it; new videos can be made once it is paid.",
      });
    }
    case "payment_disputed":
      return t`A payment of yours is disputed with the payment provider. New videos can be made once the dispute is settled; contact us if this is a mistake.`;
    case "username_held": {
      const until = params.until === undefined ? "" : formatDate(str(params, "until"));
      return t`This username was used by an account deleted recently. Choose another, or try again after ${until}.`;
    }
    case "delete_confirm_mismatch":
      return t`Type your username exactly to confirm that the account should be deleted.`;
    case "google_recheck_needed": {
      const minutes = num(params, "minutes");
      return plural(minutes, {
        one: "Sign in with Google again to confirm it is you, then try again within # minute.",
        other: "Sign in with Google again to confirm it is you, then try again within # minutes.",
      });
    }
    case "account_videos_generating":
      return t`A video is still being made. Delete the account once it has finished.`;
    case "account_has_plan":
      return t`Your plan is still live. Cancel it on My Account first, then delete the account.`;
    case "admin_cannot_delete":
      return t`An administrator's account cannot be deleted here.`;
    case "account_deleted":
      return t`This account was deleted by its owner: it cannot be changed.`;
    case "link_expired":
      return t`This link has expired or was already used. Ask for a new one.`;
    case "link_address_changed":
      return t`This link confirms an address the account no longer uses.`;
    case "email_already_verified":
      return t`Your e-mail address is already confirmed.`;
    case "new_link_not_offered":
      return t`Only a password reset or an address confirmation can be sent as a new link. A new address is asked for again on My Account.`;
    case "account_closed":
      return t`This account is disabled or deleted: no new link is sent.`;
    case "no_email":
      return t`This account has no e-mail address. Add one on My Account.`;
    case "email_unchanged":
      return t`This is already your e-mail address.`;
    case "unsubscribe_link_invalid":
      return t`This unsubscribe link is not valid: it may be cut short or changed. Turn notices off on My Account instead.`;
    case "captcha_required":
      return t`Complete the check that you are a person, then send the form again.`;
    case "captcha_failed":
      return t`The check that you are a person did not pass or has expired. Complete it again, then send the form again.`;
    case "captcha_unavailable":
      return t`The check that you are a person cannot be completed right now. Please try again in a few minutes.`;
    case "email_domain_refused":
      return t`Addresses at this mail domain cannot be used here. Use a mailbox you keep, not a throwaway one.`;
    case "prompt_refused":
      return str(params, "field") === "watermark"
        ? t`The watermark text was refused by our content policy. Nothing was charged. Change the watermark and try again.`
        : t`This prompt was refused by our content policy. Nothing was charged. Reword what the video should show and try again.`;
    case "screening_unavailable":
      return t`Prompts cannot be checked right now, so no video was started and nothing was charged. Please try again in a minute.`;
    case "second_factor_required": {
      const minutes = num(params, "minutes");
      return plural(minutes, {
        one: "Confirm it is you with your second factor, then try again within # minute.",
        other: "Confirm it is you with your second factor, then try again within # minutes.",
      });
    }
    case "second_factor_daily_limit": {
      const hours = num(params, "hours");
      return plural(hours, {
        one: "Too many wrong codes today. Use a recovery code or a passkey, or try the app's code again in # hour.",
        other: "Too many wrong codes today. Use a recovery code or a passkey, or try the app's code again in # hours.",
      });
    }
    default:
      return featureText(reason, params);
  }
}

function codeText(code: ErrorCode, params: Params): string {
  switch (code) {
    case "insufficient_credits": {
      const required = num(params, "required");
      const balance = num(params, "balance");
      return params.required === undefined
        ? t`You do not have enough credits.`
        : [
            plural(required, { one: "You need # credit.", other: "You need # credits." }),
            plural(balance, { one: "You have # credit.", other: "You have # credits." }),
          ].join(" ");
    }
    case "rate_limited": {
      const minutes = num(params, "minutes") || 1;
      return t`Too many attempts. Please try again in ${minutes} min.`;
    }
    case "too_many_in_flight": {
      const limit = num(params, "limit");
      // Variants (decision 0162): all of them must fit under the limit, or none is made.
      const asked = num(params, "asked");
      if (asked > 1) {
        const inFlight = num(params, "inFlight");
        return inFlight === 0
          ? plural(asked, {
              one: `You asked for # video, and an account can have at most ${limit} being made at a time. Nothing was charged.`,
              other: `You asked for # videos, and an account can have at most ${limit} being made at a time. Ask for fewer variants. Nothing was charged.`,
            })
          : [
              plural(inFlight, {
                one: "You already have # video being made.",
                other: "You already have # videos being made.",
              }),
              t`An account can have at most ${limit} at a time: ${asked} more would be too many. Ask for fewer variants or wait for a video to finish. Nothing was charged.`,
            ].join(" ");
      }
      return plural(limit, {
        one: "You already have a video being made, and an account can make # at a time. Wait for it to finish, then try again. Nothing was charged.",
        other:
          "You already have # videos being made, the most an account can have at a time. Wait for one to finish, then try again. Nothing was charged.",
      });
    }
    case "invalid_credentials":
      return t`Invalid username or password.`;
    case "account_disabled":
      return t`This account has been disabled.`;
    case "second_factor_pending":
      return t`Finish signing in with your second factor first.`;
    case "second_factor_enrolment_required":
      return t`Add a second factor to your account first.`;
    case "second_factor_required":
      return t`Confirm it is you with your second factor, then try again.`;
    case "invalid_second_factor":
      return t`That code is not right, or it was already used.`;
    case "not_signed_in":
      return t`Please sign in to continue.`;
    case "invalid_api_token":
      return t`This API token is not valid.`;
    case "forbidden":
    case "admin_required":
      return t`You do not have access to this.`;
    case "cross_site_request":
      return t`This request came from another website and was refused. Open the app itself and try again.`;
    case "not_found":
      return t`Not found.`;
    case "conflict":
      return t`This cannot be done in the current state. Reload the page and try again.`;
    case "idempotency_key_in_progress":
      return t`The same request is still being processed. Try again in a moment.`;
    case "idempotency_key_reused":
      return t`This request was already used for something else.`;
    case "payload_too_large":
      return t`This is too large to send.`;
    case "upload_quota_exceeded":
      return t`This image is larger than the upload space left on your account. Please choose a smaller image.`;
    case "address_too_long":
      return t`This address is too long.`;
    case "unsupported_media_type":
      return t`This kind of file cannot be used.`;
    case "range_not_satisfiable":
      return t`That part of the file does not exist.`;
    case "method_not_allowed":
      return t`This address does not answer this kind of request.`;
    case "unstorable_text":
      return t`Text cannot contain NUL characters or broken Unicode. Remove them and try again.`;
    case "webhook_url_refused":
      return t`This address cannot receive webhooks: it must be https and reachable on the internet.`;
    case "invalid_address":
      return t`This address could not be read.`;
    case "payment_declined":
      return t`The payment was declined. You have not been charged.`;
    case "account_on_hold":
      return t`New videos are paused on this account until a payment matter is settled.`;
    case "payment_not_configured":
      return t`This payment method is not available right now.`;
    case "unprocessable":
      return t`The request was refused. Check it and try again.`;
    case "upstream_error":
      return t`A service we rely on did not answer as expected. Please try again.`;
    case "service_unavailable":
      return t`The service is briefly unavailable. Please try again in a moment.`;
    case "internal_error": {
      const requestId = str(params, "requestId");
      return requestId
        ? t`Something went wrong on our side (reference ${requestId}). Please try again.`
        : t`Something went wrong on our side. Please try again.`;
    }
    case "invalid_input":
      return t`Some of the information is not valid. Check it and try again.`;
  }
}

export interface ApiErrorFacts {
  code?: ErrorCode;
  reason?: ErrorReason;
  params?: Params;
  serverMessage: string;
}

/** The sentence to show for an API error. */
export function apiErrorText({ code, reason, params = {}, serverMessage }: ApiErrorFacts): string {
  if (readsServerLanguage() && serverMessage) return serverMessage;
  const text = reason ? reasonText(reason, params) : undefined;
  if (text !== undefined) return text;
  if (reason && serverMessage) return serverMessage;
  return code ? codeText(code, params) : t`Something went wrong. Please try again.`;
}
