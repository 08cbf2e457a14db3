import { ShieldCheck, Sparkles, Zap } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/ui/page-header";
import { signUpHref } from "@/features/auth/next-after-sign-in";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { RedeemCodeCard } from "@/features/codes/redeem-code-card";
import { FallbackNotice } from "@/features/payments/fallback-notice";
import { PackageCard, PackageCardSkeletons } from "@/features/payments/package-card";
import type { DisplayPackage } from "@/features/payments/packages";
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
import { CreateAccountCall } from "@/features/pricing/create-account-call";
import { VideoPricesSection } from "@/features/pricing/video-prices-section";
import { ReferralPricingLine } from "@/features/referrals/referral-pricing-line";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * Signed out, a pack's button signs up and goes straight to buying it (decision 0167): the purchase
 * page with the pack chosen. A pack that cannot be bought (the fallback list) keeps Buy Now, which
 * says why.
 */
function packSignUpHref(pkg: DisplayPackage): string | null {
  return pkg.purchasable ? signUpHref(`/purchase-credits?package=${encodeURIComponent(pkg.id)}`) : null;
}

const PROMISES = [
  { icon: Zap, text: msg`Credits arrive as soon as the payment is confirmed` },
  { icon: ShieldCheck, text: msg`Secure checkout with trusted payment providers` },
  { icon: Sparkles, text: msg`Bought credits never expire, and there are no daily limits` },
];

/**
 * /pricing (decisions 0016, 0167; issues 69, 70 and 72): a new person's free credits, or signed out
 * "Create a free account" with what a new account gets; stats, "Have a code?"; the plans and the
 * packages, each with one headline of what it buys and its own button; what a video of each model
 * costs (for everyone); the purchase dialog and the transaction history.
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
      {/* A visitor's main action: an account, with the welcome credits while granted (decision 0167). */}
      {isResolved && !signedIn ? <CreateAccountCall offer={<WelcomeOfferLine />} /> : null}

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
              packages.map((pkg) => (
                <PackageCard
                  key={pkg.id}
                  pkg={pkg}
                  all={packages}
                  onBuy={purchase.start}
                  signUpHref={isResolved && !signedIn ? packSignUpHref(pkg) : null}
                />
              ))
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

      <VideoPricesSection />

      {signedIn ? (
        <div className="mt-16">
          <TransactionHistory />
        </div>
      ) : null}

      <PaymentDialog pkg={purchase.dialogPackage} onClose={purchase.closeDialog} />
    </div>
  );
}
