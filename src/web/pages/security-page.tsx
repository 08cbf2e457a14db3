import { useState } from "react";
import { ShieldAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageLoading } from "@/components/ui/page-loading";
import { GoogleSignInAgainButton } from "@/features/auth/google-sign-in";
import { SignInPrompt } from "@/features/auth/sign-in-prompt";
import { useCurrentUser } from "@/features/auth/use-current-user";
import type { FirstFactor } from "@/features/second-factor/first-factor-field";
import { AdminRequirementCard } from "@/features/second-factor/security/admin-requirement-card";
import { AuthenticatorCard } from "@/features/second-factor/security/authenticator-card";
import { PasskeysCard } from "@/features/second-factor/security/passkeys-card";
import { RecoveryCard } from "@/features/second-factor/security/recovery-card";
import { RecoveryCodesShown } from "@/features/second-factor/security/recovery-codes-shown";
import { useSecondFactorStatus } from "@/features/second-factor/verify-form";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /account/security: the person's second factors (decision 0092). */
export function SecurityPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Security`);
  const { user, isResolved } = useCurrentUser();
  const status = useSecondFactorStatus();
  const [codes, setCodes] = useState<string[] | undefined>();

  if (!isResolved) return <PageLoading />;
  if (!user)
    return <SignInPrompt title={t`Sign in to manage your security`} description={t`Your second factors live here.`} />;
  const data = status.data;
  const enrolled = Boolean(data && (data.totp || data.passkeys.length > 0));
  // The first factor asks for the password, or a fresh Google sign-in without one (decision 0135).
  const firstFactor: FirstFactor | undefined = enrolled
    ? undefined
    : { hasPassword: user.hasPassword, googleRecheck: <GoogleSignInAgainButton next="/account/security" /> };
  return (
    <div className="mx-auto grid w-full max-w-3xl flex-1 gap-6 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Security</Trans>
        </h1>
        <p className="mt-2 text-muted-foreground">
          <Trans>A second factor keeps your account safe even if your password is stolen.</Trans>
        </p>
      </header>
      {data?.enrolmentRequired && (
        <p className="flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4" role="alert">
          <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
          <Trans>Every admin account needs a second factor. Add an authenticator app or a passkey to continue.</Trans>
        </p>
      )}
      {codes && <RecoveryCodesShown codes={codes} account={user.username} onDone={() => setCodes(undefined)} />}
      {data ? (
        <>
          <AuthenticatorCard enabled={data.totp} firstFactor={firstFactor} onCodes={setCodes} />
          <PasskeysCard passkeys={data.passkeys} firstFactor={firstFactor} onCodes={setCodes} />
          {enrolled && <RecoveryCard left={data.recoveryCodesLeft} onCodes={setCodes} />}
          {user.isAdmin && <AdminRequirementCard required={data.requiredForAdmins} />}
        </>
      ) : (
        <PageLoading />
      )}
    </div>
  );
}
