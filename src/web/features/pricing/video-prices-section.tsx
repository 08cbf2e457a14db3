import { Trans } from "@lingui/react/macro";
import { PriceComparisonTable } from "./price-comparison-table";

/**
 * /pricing's "What a video costs" (decision 0167): the price of one video of each model, for
 * everyone, signed in or not. "API" is said in words beneath the table.
 */
export function VideoPricesSection() {
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
        </Trans>
      </p>
    </section>
  );
}
