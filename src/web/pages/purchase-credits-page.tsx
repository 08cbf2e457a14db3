import { useState } from "react";
import { Link, useSearchParams } from "wouter";
import { ArrowLeft } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/ui/page-header";
import { PageLoading } from "@/components/ui/page-loading";
import { SignInPrompt } from "@/features/auth/sign-in-prompt";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { CreemReturnBanner } from "@/features/payments/creem-return-banner";
import { FallbackNotice } from "@/features/payments/fallback-notice";
import { OrderSummary } from "@/features/payments/order-summary";
import { PackagePicker } from "@/features/payments/package-picker";
import { PackagesNotSetUp } from "@/features/payments/packages-not-set-up";
import { defaultPackage } from "@/features/payments/packages";
import { PaymentDialog } from "@/features/payments/payment-dialog";
import { useCreemReturn } from "@/features/payments/use-creem-return";
import { useCreditPackages } from "@/features/payments/use-payment-queries";
import { usePurchaseFlow } from "@/features/payments/use-purchase-flow";
import { useDocumentTitle } from "@/hooks/use-document-title";

function PurchaseForm({ balance, isAdmin }: { balance: number; isAdmin: boolean }) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const { packages, loading, fallback, notSetUp, retry, retrying } = useCreditPackages();
  const purchase = usePurchaseFlow();
  const [chosenId, setChosenId] = useState<string | null>(null);
  // ?package=<id> preselects; otherwise the popular package, else the first.
  const selected = packages.find((p) => p.id === chosenId) ?? defaultPackage(packages, params.get("package"));

  if (loading) return <PageLoading label={t`Loading packages`} />;
  if (notSetUp) return <PackagesNotSetUp isAdmin={isAdmin} />;
  return (
    <>
      {fallback ? <FallbackNotice onRetry={retry} retrying={retrying} /> : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="choose-package-title">
          <h2 id="choose-package-title" className="mb-4 text-lg font-semibold tracking-tight">
            <Trans>1. Choose a package</Trans>
          </h2>
          <PackagePicker
            packages={packages}
            selectedId={selected?.id ?? null}
            onSelect={(pkg) => setChosenId(pkg.id)}
          />
        </section>
        <div>
          <h2 className="mb-4 text-lg font-semibold tracking-tight">
            <Trans>2. Review and pay</Trans>
          </h2>
          <OrderSummary pkg={selected} balance={balance} onProceed={() => selected && purchase.start(selected)} />
        </div>
      </div>
      <PaymentDialog pkg={purchase.dialogPackage} onClose={purchase.closeDialog} />
    </>
  );
}

/** /purchase-credits (decision 0016): package selection, summary, payment; Creem returns here. */
export function PurchaseCreditsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Purchase Credits`);
  const { user, isResolved } = useCurrentUser();
  const creemReturn = useCreemReturn(user !== null);

  return (
    <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <CreemReturnBanner state={creemReturn} signedIn={user !== null} />
      <PageHeader
        className="max-w-2xl"
        title={
          <Trans>
            Purchase <span className="text-gradient">Credits</span>
          </Trans>
        }
        description={
          <Trans>
            Choose a package, review your order and pay securely. Credits are added to your account as soon as the
            payment is confirmed.
          </Trans>
        }
      >
        <Link
          href="/pricing"
          className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground transition-colors hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          <Trans>Back to pricing</Trans>
        </Link>
      </PageHeader>
      {user ? (
        <PurchaseForm balance={user.credits} isAdmin={user.isAdmin} />
      ) : isResolved ? (
        <SignInPrompt
          title={t`Sign in to purchase credits`}
          description={t`Your credits are added to your account, so sign in or create one first.`}
        />
      ) : (
        <PageLoading label={t`Loading`} />
      )}
    </div>
  );
}
