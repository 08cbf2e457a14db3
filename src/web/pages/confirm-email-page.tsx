import { useLingui } from "@lingui/react/macro";
import { AddressConfirmation } from "@/features/account-links/address-confirmation";
import { useLinkToken } from "@/features/account-links/link-token";
import { MissingToken } from "@/features/account-links/missing-token";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The page the link sent to a new address opens: /confirm-email?token=... (decision 0088). */
export function ConfirmEmailPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Confirm your new e-mail address`);
  const token = useLinkToken();
  if (!token) return <MissingToken retry={{ href: "/my-account", label: t`Go to My Account` }} />;
  return <AddressConfirmation kind="change" token={token} />;
}
