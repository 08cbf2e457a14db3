import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { usePricing } from "@/features/pricing";
import { CreditValueLine } from "./credit-value-line";
import { FullHdGuarantee } from "./full-hd-guarantee";
import { PriceComparisonTable } from "./price-comparison-table";
import { SectionHeading } from "./section-heading";

/** The landing's prices (#generator): a video's price by model and channel, the resolution, the packages. */
export function PricingComparisonSection() {
  const { t } = useLingui();
  const { creditValue } = usePricing();
  return (
    <section
      id="generator"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 border-t border-border/60 bg-surface/30"
    >
      <div className="mx-auto w-full max-w-4xl px-4 py-16 sm:px-6 lg:py-24">
        <SectionHeading id="pricing-title" eyebrow={t`Pricing`} title={t`Simple Pay-per-Video Pricing`}>
          <CreditValueLine value={creditValue} />
        </SectionHeading>
        <PriceComparisonTable />
        <FullHdGuarantee />
        <p className="mt-6 text-center text-sm text-muted-foreground">
          <Trans>
            Need credits?{" "}
            <Link
              href="/pricing"
              className="font-medium text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline"
            >
              See the credit packages
            </Link>
          </Trans>
        </p>
      </div>
    </section>
  );
}
