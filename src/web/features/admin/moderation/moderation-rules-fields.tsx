import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { fieldErrorId } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** One list of rules, one a line, described by the shared hint under both lists. */
function RulesTextarea({
  id,
  label,
  problem,
  value,
  onChange,
}: {
  id: string;
  label: ReactNode;
  problem: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${fieldErrorId(id)} moderationRulesHint` : "moderationRulesHint"}
      />
      {problem ? (
        <p id={fieldErrorId(id)} className="text-xs font-medium text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The admin's refused and flagged words and phrases, side by side, and how they match. */
export function ModerationRulesFields({
  denied,
  flagged,
  onDenied,
  onFlagged,
  problems,
}: {
  denied: string;
  flagged: string;
  /** What is wrong with each list as typed, by its id, in the owner's words. */
  problems: Partial<Record<string, string>>;
  onDenied: (value: string) => void;
  onFlagged: (value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <RulesTextarea
        id="moderationRulesDeny"
        label={<Trans>Refused words and phrases</Trans>}
        value={denied}
        problem={problems.moderationRulesDeny}
        onChange={onDenied}
      />
      <RulesTextarea
        id="moderationRulesFlag"
        label={<Trans>Flagged words and phrases</Trans>}
        value={flagged}
        problem={problems.moderationRulesFlag}
        onChange={onFlagged}
      />
      <p id="moderationRulesHint" className="text-xs text-muted-foreground sm:col-span-2">
        <Trans>
          One a line. Case, accents, spacing, invisible characters and look-alike letters (Cyrillic а, 0 for o, $ for s)
          do not matter. A * at the start or end also matches part of a word: kill* matches “killer”, *bomb matches
          “photobomb”.
        </Trans>
      </p>
    </div>
  );
}
