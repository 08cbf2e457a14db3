import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MODEL_CATALOGUE, type ModelId } from "../../../shared/catalogue";
import type { MODEL_FAMILIES } from "../../../shared/model-description";
import { usePricing } from "@/features/pricing";
import { SectionHeading } from "./section-heading";

type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** The families' names as people know them (brand names: the same in every language). */
/* eslint-disable lingui/no-unlocalized-strings -- brand names */
const FAMILY_NAMES: Record<ModelFamily, string> = {
  veo: "Veo 3",
  kling: "Kling",
  seedance: "Seedance",
  hailuo: "Hailuo",
  wan: "Wan",
  omni: "Gemini Omni",
};
/* eslint-enable lingui/no-unlocalized-strings */

interface FamilyLine {
  family: ModelFamily;
  from: number;
  sound: "always" | "on_request" | "never";
  models: ModelId[];
}

/** The offered models grouped by family, in the catalogue's order, each family from its cheapest video. */
function familyLines(models: readonly { model: ModelId; web: number }[]): FamilyLine[] {
  const lines = new Map<ModelFamily, FamilyLine>();
  for (const { model, web } of models) {
    const { family, audio } = MODEL_CATALOGUE[model];
    const line = lines.get(family) ?? { family, from: web, sound: audio, models: [] };
    line.from = Math.min(line.from, web);
    // The best the family offers: sound always, else on request, else none.
    if (audio === "always" || (audio === "on_request" && line.sound === "never")) line.sound = audio;
    line.models.push(model);
    lines.set(family, line);
  }
  return [...lines.values()];
}

/**
 * The landing page's prices in one line per model family (decision 0166): what its cheapest video
 * costs and whether it has sound; the full table per model is on /pricing.
 */
export function ModelFamiliesSection() {
  const { t } = useLingui();
  const pricing = usePricing();
  const lines = familyLines(pricing.models);
  const labels = new Map(pricing.models.map((m) => [m.model, m.label]));
  const soundText = { always: t`with sound`, on_request: t`sound on request`, never: t`without sound` } as const;
  return (
    <section
      id="prices"
      aria-labelledby="prices-title"
      className="scroll-mt-20 border-t border-border/60 bg-surface/30"
    >
      <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 lg:py-24">
        <SectionHeading id="prices-title" eyebrow={t`Pricing`} title={t`Pay per video, no subscription`} />
        <ul
          aria-label={t`Prices by model family`}
          className="mt-10 divide-y divide-border/60 rounded-2xl border border-border bg-surface/80"
        >
          {lines.map((line) => {
            const name = FAMILY_NAMES[line.family];
            const from = plural(line.from, { one: "from # credit per video", other: "from # credits per video" });
            const sound = soundText[line.sound];
            return (
              <li key={line.family} className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-baseline sm:gap-4">
                <p className="text-base text-zinc-100" data-testid={`family-${line.family}`}>
                  <Trans>
                    <span className="font-semibold">{name}</span> — {from}, {sound}
                  </Trans>
                </p>
                <p className="text-sm text-muted-foreground sm:ml-auto sm:text-right">
                  {line.models.map((m) => labels.get(m)).join(" · ")}
                </p>
              </li>
            );
          })}
        </ul>
        <p className="mt-6 text-center">
          <Link
            href="/pricing"
            className="inline-flex items-center gap-1.5 font-medium text-violet-300 underline-offset-4 hover:text-violet-200 hover:underline"
          >
            <Trans>See every model's price and the credit packages</Trans>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </div>
    </section>
  );
}
