import { KeyRound } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { ForgotPasswordForm } from "@/features/account-links/forgot-password-form";
import { LinkCard } from "@/features/account-links/link-card";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** "Forgot password?" from the sign-in page (decision 0088). */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Forgot password`);
  return (
    <LinkCard
      icon={KeyRound}
      title={t`Forgot your password?`}
      description={t`Enter the e-mail address or the username of your account. We send a link to choose a new password to the account's address.`}
    >
      <ForgotPasswordForm />
    </LinkCard>
  );
}
