import { useLingui } from "@lingui/react/macro";
import { CancelAddressChange } from "@/features/account-links/cancel-address-change";
import { useLinkToken } from "@/features/account-links/link-token";
import { MissingToken } from "@/features/account-links/missing-token";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The page the notice to the old address links to: /cancel-email-change?token=... (decision 0128). */
export function CancelEmailChangePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Cancel a change of address`);
  const token = useLinkToken();
  if (!token) return <MissingToken retry={{ href: "/forgot-password", label: t`Choose a new password` }} />;
  return <CancelAddressChange token={token} />;
}
