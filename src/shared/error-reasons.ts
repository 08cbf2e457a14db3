/**
 * Finer, stable keys for the errors people read (decision 0056), sent as `reason` beside the
 * error's `code` with the values the sentence needs as `params`. The web app renders the sentence
 * from them in the person's language; the API's `message` stays English for automation clients.
 * A reason is added where one code covers several situations a person must tell apart; errors
 * without one are rendered from their code.
 */
export const ERROR_REASONS = [
  "username_taken",
  "email_taken",
  "fields_required",
  "wrong_current_password",
  "google_not_enabled",
  "google_already_connected",
  "video_not_ready",
  "video_still_generating",
  "video_not_shareable",
  "video_already_refunded",
  "no_4k_charge",
  "uhd_needs_finished_video",
  "uhd_exists",
  "uhd_in_progress",
  "uhd_failed",
  "extend_needs_finished_video",
  "extend_after_hd",
  "extend_refused",
  "upgrade_not_offered",
  "video_refused",
  "provider_busy",
  "generation_unavailable",
  "image_type",
  "image_pixels",
  "image_gone",
  "image_unreachable",
  "model_unavailable",
  "token_limit",
  "webhook_limit",
  "package_unavailable",
  "legal_text_too_long",
  "showcase_video_unavailable",
  "checkout_failed",
  "provider_unavailable_for_package",
  "live_stream_limit",
  "database_unavailable",
  "path_too_long",
  "web_price_needs_web_app",
  "balance_changed",
  "credits_below_zero",
  "kie_key_refused",
  "kie_unreachable",
  "creem_key_refused",
  "paypal_keys_refused",
  "payment_unreachable",
  "prices_below_cost",
  "credits_owed",
  "payment_disputed",
  "username_held",
  "delete_confirm_mismatch",
  "google_recheck_needed",
  "account_videos_generating",
  "admin_cannot_delete",
  "account_deleted",
  "link_expired",
  "link_address_changed",
  "email_already_verified",
  "no_email",
  "email_unchanged",
  "unsubscribe_link_invalid",
  "captcha_required",
  "captcha_failed",
  "captcha_unavailable",
  "email_domain_refused",
  "prompt_refused",
  "screening_unavailable",
  "second_factor_required",
  "second_factor_daily_limit",
  "cursor_invalid",
  "new_link_not_offered",
  "account_closed",
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** The values an error's sentence needs: credits, minutes, a provider's name... */
export type ErrorParams = Record<string, string | number>;

/** The extra body fields of an error with a reason (AppError's `extra`). */
export const reasoned = (reason: ErrorReason, params?: ErrorParams): { reason: ErrorReason; params?: ErrorParams } =>
  params ? { reason, params } : { reason };
