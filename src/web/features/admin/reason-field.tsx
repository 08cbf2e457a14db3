/** The reason a money action asks for (decision 0076): required, one line, counted against its limit. */
import { Trans, useLingui } from "@lingui/react/macro";
import { ADMIN_REASON_MAX, ADMIN_REASON_MIN, tidyReason } from "../../../shared/schemas/admin-reason";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/** Checks a reason as typed: what is wrong with it in words, or undefined when it will do. */
export function useReasonCheck(): (text: string) => string | undefined {
  const { t } = useLingui();
  const min = ADMIN_REASON_MIN;
  const max = ADMIN_REASON_MAX;
  return (text) => {
    const length = tidyReason(text).length;
    if (length < min) return t`Give a reason of at least ${min} characters.`;
    if (length > max) return t`The reason must be at most ${max} characters.`;
    return undefined;
  };
}

export function ReasonField({
  id,
  value,
  onValueChange,
  invalid,
}: {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  invalid: boolean;
}) {
  const { t } = useLingui();
  const used = tidyReason(value).length;
  const max = ADMIN_REASON_MAX;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        <Trans>Reason</Trans>
      </Label>
      <Textarea
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className="min-h-20"
        maxLength={max * 2}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        placeholder={t`For example: duplicate charge`}
      />
      <p id={`${id}-hint`} className="flex justify-between gap-3 text-xs text-muted-foreground">
        <span>
          <Trans>Kept in the user's transactions and the audit log.</Trans>
        </span>
        <span className={used > max ? "text-red-400 tabular-nums" : "tabular-nums"}>
          {used}/{max}
        </span>
      </p>
    </div>
  );
}
