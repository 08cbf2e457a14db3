import { Plural, Trans } from "@lingui/react/macro";
import { usePricing } from "@/features/pricing";
import { modelLabel } from "@/lib/catalogue-text";

/** Each model's API price per video, and why the web prices are not for scripts. */
export function ApiPricesCard() {
  const pricing = usePricing();
  return (
    <div className="rounded-2xl border border-border bg-surface/60 p-5">
      <h3 className="font-semibold">
        <Trans>API prices per video, with each model's default options</Trans>
      </h3>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
        {pricing.models.map(({ model, api }) => (
          <div key={model} className="contents">
            <dt className="text-muted-foreground">
              {modelLabel(model)} ({model})
            </dt>
            <dd className="font-medium">
              <Plural value={api} one="# credit" other="# credits" />
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        <Trans>If a video fails, its credits are refunded automatically.</Trans>
      </p>
      <p className="mt-2 text-xs text-muted-foreground" data-testid="web-price-note">
        <Trans>
          The lower web prices are for the web app only: scripts and automations use an API token and pay the API
          prices. Signing in with a password from a script to pay the web prices is not allowed.
        </Trans>
      </p>
    </div>
  );
}
