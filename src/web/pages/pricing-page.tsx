import { Link } from "wouter";
import { LogIn, ShieldCheck, Sparkles, Zap } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { RedeemCodeCard } from "@/features/codes/redeem-code-card";
import { FallbackNotice } from "@/features/payments/fallback-notice";
import { PackageCard, PackageCardSkeletons } from "@/features/payments/package-card";
import { PackagesNotSetUp } from "@/features/payments/packages-not-set-up";
import { PaymentDialog } from "@/features/payments/payment-dialog";
import { StatCards } from "@/features/payments/stat-cards";
import { TransactionHistory } from "@/features/payments/transaction-table";
import { useCreditPackages, useUserStats } from "@/features/payments/use-payment-queries";
import { usePaymentReturnToast } from "@/features/payments/use-payment-return";
import { usePurchaseFlow } from "@/features/payments/use-purchase-flow";
import { PlansSection } from "@/features/plans/plans-section";
import { WelcomeCreditsNotice } from "@/features/plans/welcome-credits-notice";
import { WelcomeOfferLine } from "@/features/plans/welcome-offer-line";
import { ReferralPricingLine } from "@/features/referrals/referral-pricing-line";
import { useDocumentTitle } from "@/hooks/use-document-title";

const PROMISES = [
  { icon: Zap, text: msg`Credits arrive as soon as the payment is confirmed` },
  { icon: ShieldCheck, text: msg`Secure checkout with trusted payment providers` },
  { icon: Sparkles, text: msg`Bought credits never expire, and there are no daily limits` },
];

/**
 * /pricing (decision 0016, issues 69 and 70): a new person's free credits (or, signed out, what a
 * new account gets), stats, "Have a code?",
 * plans, credit packages, purchase dialog, transaction history.
 */
export function PricingPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Pricing`);
  const { user, isResolved } = useCurrentUser();
  const signedIn = user !== null;
  usePaymentReturnToast({ signedIn, resolved: isResolved });
  const stats = useUserStats(signedIn);
  const { packages, loading, fallback, notSetUp, retry, retrying } = useCreditPackages();
  const purchase = usePurchaseFlow();

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <PageHeader
        className="max-w-3xl"
        title={
          <Trans>
            Credits &amp; <span className="text-gradient">Pricing</span>
          </Trans>
        }
        description={
          <Trans>
            Subscribe to a plan for credits every month, or buy a credit package once. Spend them on videos, on the web
            or through the API.
          </Trans>
        }
      />

      <WelcomeCreditsNotice className="mb-8 max-w-3xl" />
      {isResolved && !signedIn ? <WelcomeOfferLine className="mb-8 max-w-3xl" /> : null}

      {signedIn ? (
        <div className="mb-12">
          <StatCards stats={stats.data} loading={stats.isPending} error={stats.isError} />
          <RedeemCodeCard className="mt-6 max-w-xl" />
          <ReferralPricingLine signedIn={signedIn} className="mt-4 text-sm text-muted-foreground" />
        </div>
      ) : null}

      <PlansSection signedIn={signedIn} />

      <section aria-labelledby="packages-title">
        <div className="mb-8 text-center">
          <h2 id="packages-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            <Trans>Credit Packages</Trans>
          </h2>
          <p className="mt-2 text-muted-foreground">
            <Trans>Pick the package that fits how much you create.</Trans>
          </p>
        </div>
        {fallback ? <FallbackNotice onRetry={retry} retrying={retrying} /> : null}
        {notSetUp ? (
          <PackagesNotSetUp isAdmin={user?.isAdmin === true} />
        ) : (
          /* Flex, not grid: a last row with fewer packages stays centred. */
          <div className="flex flex-wrap justify-center gap-6 pt-3 [&>*]:w-full md:[&>*]:w-[calc(50%-0.75rem)] lg:[&>*]:w-[calc(33.333%-1rem)]">
            {loading ? (
              <PackageCardSkeletons />
            ) : (
              packages.map((pkg) => <PackageCard key={pkg.id} pkg={pkg} all={packages} onBuy={purchase.start} />)
            )}
          </div>
        )}
        <ul className="mt-8 grid gap-3 text-sm text-muted-foreground sm:flex sm:flex-wrap sm:justify-center sm:gap-x-8">
          {PROMISES.map(({ icon: Icon, text }) => (
            <li key={text.id} className="flex items-center gap-2">
              <Icon className="size-4 shrink-0 text-emerald-300" aria-hidden="true" />
              {t(text)}
            </li>
          ))}
        </ul>
      </section>

      {signedIn ? (
        <div className="mt-16">
          <TransactionHistory />
        </div>
      ) : isResolved ? (
        <div className="mt-16 flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface/60 p-6 text-center sm:flex-row sm:justify-between sm:text-left">
          <div>
            <p className="font-semibold">
              <Trans>Already have an account?</Trans>
            </p>
            <p className="text-sm text-muted-foreground">
              <Trans>Sign in to see your balance, the videos you created and your transaction history.</Trans>
            </p>
          </div>
          <Button asChild className="w-full sm:w-auto">
            <Link href="/login">
              <LogIn aria-hidden="true" />
              <Trans>Sign In</Trans>
            </Link>
          </Button>
        </div>
      ) : null}

      <PaymentDialog pkg={purchase.dialogPackage} onClose={purchase.closeDialog} />
    </div>
  );
}
