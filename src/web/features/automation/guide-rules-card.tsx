import { Trans, useLingui } from "@lingui/react/macro";
import { guideRules, modeRules } from "./guide-rules";

/** The guide's rules of the API and its modes. */
export function GuideRulesCard() {
  const { t } = useLingui();
  return (
    <div className="rounded-2xl border border-border bg-surface/60 p-5">
      <h3 className="font-semibold">
        <Trans>Rules</Trans>
      </h3>
      <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
        {guideRules().map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h3 className="mt-5 font-semibold">
        <Trans>Modes</Trans>
      </h3>
      <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-muted-foreground" aria-label={t`Modes`}>
        {modeRules().map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
