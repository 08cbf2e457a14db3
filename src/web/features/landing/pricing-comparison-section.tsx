import { Link } from "wouter";
import { BadgeCheck, Check } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatCreditsInUsd, formatCreditValue, usePricing, type CreditValue } from "@/features/pricing";
import { modelDescription } from "@/lib/catalogue-text";
import { formatCredits } from "@/lib/format";
import { SectionHeading } from "./section-heading";

/** The names of two automation tools (names: the same in every language). */
const AUTOMATION_TOOLS = "N8N / Make";

interface Row {
  name: string;
  detail: string;
  credits: number;
  automation: boolean;
}

/** The line under the heading: what a credit is worth in dollars only when the server knows it (decision 0075). */
function CreditValueLine({ value }: { value: CreditValue | null }) {
  if (!value)
    return (
      <Trans>
        What one video costs in credits at each model's standard length and resolution, with no subscription and no
        daily limits.
      </Trans>
    );
  const worth = formatCreditValue(value);
  return value.source === "setting" ? (
    <Trans>
      What one video costs at each model's standard length and resolution. One credit is worth {worth}, with no
      subscription and no daily limits.
    </Trans>
  ) : (
    <Trans>
      What one video costs at each model's standard length and resolution. Credits cost from {worth} each, depending on
      the package, with no subscription and no daily limits.
    </Trans>
  );
}

/** A web row for every model of the catalogue, then an API row for every model; dollars only with a credit value. */
export function PricingComparisonSection() {
  const { t } = useLingui();
  const { models, creditValue } = usePricing();
  const rows: Row[] = [
    ...models.map(({ label, model, web }) => {
      const description = modelDescription(model);
      return { name: t`${label} web`, detail: t`${description}, on the website`, credits: web, automation: false };
    }),
    ...models.map(({ label, api }) => ({
      name: t`${label} API`,
      detail: t`${label} through the API`,
      credits: api,
      automation: true,
    })),
  ];

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

        <div className="mt-10 overflow-hidden rounded-2xl border border-border bg-surface/80 shadow-xl shadow-black/30">
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[19rem] text-left text-sm">
              <caption className="sr-only">
                <Trans>Price of a video by model and channel</Trans>
              </caption>
              <thead className="bg-surface-raised/70 text-xs uppercase tracking-wider text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2.5 py-3 font-semibold sm:px-6">
                    <Trans>Option</Trans>
                  </th>
                  <th scope="col" className="px-2.5 py-3 text-right font-semibold sm:px-6">
                    <Trans>Credits</Trans>
                  </th>
                  {creditValue ? (
                    <th scope="col" className="px-2.5 py-3 text-right font-semibold sm:px-6">
                      {creditValue.source === "setting" ? "USD" : <Trans>From (USD)</Trans>}
                    </th>
                  ) : null}
                  <th scope="col" className="px-2.5 py-3 text-center font-semibold sm:px-6">
                    {AUTOMATION_TOOLS}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {rows.map((row) => (
                  <tr key={row.name} className="transition-colors hover:bg-surface-raised/40">
                    <th scope="row" className="px-2.5 py-4 font-normal sm:px-6">
                      <span className="block font-semibold text-foreground sm:whitespace-nowrap">{row.name}</span>
                      <span className="hidden text-xs text-muted-foreground sm:block">{row.detail}</span>
                    </th>
                    <td className="px-2.5 py-4 text-right font-semibold tabular-nums sm:px-6">
                      {formatCredits(row.credits)}
                    </td>
                    {creditValue ? (
                      <td className="px-2.5 py-4 text-right tabular-nums text-zinc-300 sm:px-6">
                        {formatCreditsInUsd(row.credits, creditValue)}
                      </td>
                    ) : null}
                    <td className="px-2.5 py-4 text-center sm:px-6">
                      {row.automation ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">
                          <Check className="hidden size-3.5 sm:block" aria-hidden="true" />
                          <Trans>YES</Trans>
                        </span>
                      ) : (
                        <>
                          <span className="text-muted-foreground" aria-hidden="true">
                            -
                          </span>
                          <span className="sr-only">
                            <Trans>No</Trans>
                          </span>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>

        <div className="mt-6 flex items-start gap-4 rounded-2xl border border-emerald-500/25 bg-gradient-to-br from-emerald-500/10 via-emerald-500/5 to-transparent p-5 sm:p-6">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-emerald-500/15 ring-1 ring-emerald-400/30">
            <BadgeCheck className="size-5 text-emerald-300" aria-hidden="true" />
          </span>
          <div>
            <h3 className="font-semibold text-emerald-100">
              <Trans>Full HD 1080p guarantee with Veo3</Trans>
            </h3>
            <p className="mt-1 text-sm text-emerald-100/75">
              <Trans>
                Veo3 videos are delivered in Full HD 1080p, in 16:9 and 9:16, via the web or the API. With the other
                models you choose the resolution in the generator.
              </Trans>
            </p>
          </div>
        </div>

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
