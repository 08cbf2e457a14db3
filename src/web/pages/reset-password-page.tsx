import { KeyRound } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { LinkCard } from "@/features/account-links/link-card";
import { useLinkToken } from "@/features/account-links/link-token";
import { MissingToken } from "@/features/account-links/missing-token";
import { ResetPasswordForm } from "@/features/account-links/reset-password-form";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The page a reset link opens: /reset-password?token=... (decision 0088). */
export function ResetPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Choose a new password`);
  const token = useLinkToken();
  if (!token) return <MissingToken retry={{ href: "/forgot-password", label: t`Ask for a new link` }} />;
  return (
    <LinkCard
      icon={KeyRound}
      title={t`Choose a new password`}
      description={t`At least 6 characters. Every other device signed in to your account is signed out.`}
    >
      <ResetPasswordForm token={token} />
    </LinkCard>
  );
}
