import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageLoading } from "@/components/ui/page-loading";
import { AccountActionsCard } from "@/features/account/account-actions-card";
import { DELETE_AGAIN_PATH } from "@/features/account/delete-account-dialog";
import { NoticesCard } from "@/features/account/notices-card";
import { ProfileCard } from "@/features/account/profile-card";
import { YourDataCard } from "@/features/account/your-data-card";
import { PlanAccountCard } from "@/features/plans/plan-account-card";
import { ReferralsCard } from "@/features/referrals/referrals-card";
import { RedeemCodeCard } from "@/features/codes/redeem-code-card";
import { GoogleConnectionButton, useGoogleLinkReturn } from "@/features/auth/google-connection";
import { GoogleSignInAgainButton } from "@/features/auth/google-sign-in";
import { SignInPrompt } from "@/features/auth/sign-in-prompt";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { useDocumentTitle } from "@/hooks/use-document-title";

export function MyAccountPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My Account`);
  useGoogleLinkReturn();
  const { user, isResolved } = useCurrentUser();

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>My Account</Trans>
        </h1>
        <p className="mt-2 text-muted-foreground">
          <Trans>Your profile, balance and security settings.</Trans>
        </p>
        {user && (
          <p className="mt-2">
            <Link href="/account/security" className="text-violet-300 underline-offset-4 hover:underline">
              <Trans>Second factor: authenticator app, passkeys and recovery codes</Trans>
            </Link>
          </p>
        )}
      </header>
      {user ? (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
          <ProfileCard user={user} />
          <AccountActionsCard user={user} connectGoogle={<GoogleConnectionButton />} />
          <PlanAccountCard />
          <ReferralsCard />
          <RedeemCodeCard />
          <NoticesCard />
          <YourDataCard user={user} googleRecheck={<GoogleSignInAgainButton next={DELETE_AGAIN_PATH} />} />
        </div>
      ) : isResolved ? (
        <SignInPrompt
          title={t`Sign in to view your account`}
          description={t`Your profile, credits and password settings live here.`}
        />
      ) : (
        <PageLoading label={t`Loading account`} />
      )}
    </div>
  );
}
