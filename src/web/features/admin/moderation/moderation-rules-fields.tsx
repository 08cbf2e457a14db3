import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** One list of rules, one a line, described by the shared hint under both lists. */
function RulesTextarea({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: ReactNode;
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
        aria-describedby="moderationRulesHint"
      />
    </div>
  );
}

/** The admin's refused and flagged words and phrases, side by side, and how they match. */
export function ModerationRulesFields({
  denied,
  flagged,
  onDenied,
  onFlagged,
}: {
  denied: string;
  flagged: string;
  onDenied: (value: string) => void;
  onFlagged: (value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <RulesTextarea
        id="moderationRulesDeny"
        label={<Trans>Refused words and phrases</Trans>}
        value={denied}
        onChange={onDenied}
      />
      <RulesTextarea
        id="moderationRulesFlag"
        label={<Trans>Flagged words and phrases</Trans>}
        value={flagged}
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
