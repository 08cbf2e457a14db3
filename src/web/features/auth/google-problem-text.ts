/**
 * Why Google sign-in or connecting Google did not work, in the person's language (decision 0056):
 * the callback's `problem` key, else its English `message` as it is, else "Please try again."
 */
import { t } from "@lingui/core/macro";
import { isGoogleProblem, type GoogleProblem } from "../../../shared/google-auth";
import { readsServerLanguage } from "@/lib/i18n";

function problemText(problem: GoogleProblem): string {
  switch (problem) {
    case "cancelled":
      return t`You cancelled it at Google.`;
    case "refused":
    case "not_accepted":
      return t`Google did not accept this sign-in. Please try again.`;
    case "not_enabled":
      return t`Google sign-in is not enabled.`;
    case "link_expired":
      return t`This sign-in link expired or was opened in another browser. Please try again.`;
    case "no_code":
    case "no_identity":
    case "not_verified":
    case "wrong_answer":
    case "no_subject":
      return t`Google's answer could not be used. Please try again.`;
    case "session_changed":
      return t`You are no longer signed in to the account that started connecting Google. Sign in and try again.`;
    case "account_disabled":
      return t`This account has been disabled.`;
    case "google_taken":
      return t`This Google account is already connected to another account here.`;
    case "other_google_connected":
      return t`Your account is already connected to a different Google account.`;
    case "already_has_account":
      return t`This Google account already has an account here. Sign in with Google.`;
    case "no_username":
    case "failed":
      return t`Please try again.`;
    case "unreachable":
      return t`Google could not be reached. Please try again in a moment.`;
    case "misconfigured":
      return t`Google sign-in is not set up correctly. Please tell the site's administrator.`;
  }
}

export function googleProblemText(params: URLSearchParams): string {
  const message = params.get("message");
  if (readsServerLanguage() && message) return message;
  const problem = params.get("problem");
  return isGoogleProblem(problem) ? problemText(problem) : t`Please try again.`;
}
