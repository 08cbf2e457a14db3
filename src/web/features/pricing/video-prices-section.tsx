import { Trans } from "@lingui/react/macro";
import { PriceComparisonTable } from "./price-comparison-table";
import { formatCreditValue, usePricing, type CreditValue } from "./use-pricing";

/** What the dollars under the credits are (decision 0075): the admin's value, or the packages' lowest price of a credit. */
function DollarsNote({ value }: { value: CreditValue }) {
  const worth = formatCreditValue(value);
  return value.source === "setting" ? (
    <Trans>Dollars at {worth} a credit.</Trans>
  ) : (
    <Trans>
      Dollars at the packages&apos; lowest price of a credit, {worth}: from that much, depending on the package.
    </Trans>
  );
}

/**
 * /pricing's "What a video costs" (decision 0167): the price of one video of each model, for
 * everyone, signed in or not. "API" is said in words beneath the table, and what its dollars are.
 */
export function VideoPricesSection() {
  const { creditValue } = usePricing();
  return (
    <section aria-labelledby="video-prices-title" className="mx-auto mt-16 max-w-4xl">
      <div className="mb-6 text-center">
        <h2 id="video-prices-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          <Trans>What a video costs</Trans>
        </h2>
        <p className="mt-2 text-muted-foreground">
          <Trans>Credits for one video with each model&apos;s default options. Longer or 4K videos cost more.</Trans>
        </p>
      </div>
      <PriceComparisonTable />
      <p className="mt-4 text-sm text-muted-foreground">
        <Trans>
          <span className="font-semibold text-zinc-200">Website</span>: a video made in the generator here.{" "}
          <span className="font-semibold text-zinc-200">API</span>: a video made through the API with an API token, from
          an automation such as n8n or Make, or from your own code.
        </Trans>{" "}
        {creditValue ? <DollarsNote value={creditValue} /> : null}
      </p>
    </section>
  );
}
