/** One plan in the admin's list: prices, credits a month, rollover, subscribers, its badges and actions. */
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Trash2 } from "lucide-react";
import type { AdminPlanView } from "../../../../shared/schemas/plans";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatCredits, formatMoney } from "@/lib/format";
import { i18n } from "@/lib/i18n";

/** "$19.00 a month · $190.00 a year" (called while rendering). */
function pricesText(p: AdminPlanView): string {
  const parts: string[] = [];
  if (p.monthlyPrice !== null) {
    const price = formatMoney(Number(p.monthlyPrice), "USD");
    parts.push(i18n._(msg`${price} a month`));
  }
  if (p.yearlyPrice !== null) {
    const price = formatMoney(Number(p.yearlyPrice), "USD");
    parts.push(i18n._(msg`${price} a year`));
  }
  return parts.join(" · ");
}

export function PlanRow({
  plan: p,
  onEdit,
  onDelete,
}: {
  plan: AdminPlanView;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const { name } = p;
  const credits = formatCredits(p.creditsPerMonth);
  const cap = formatCredits(p.rolloverCap);
  const subscribers = formatCredits(p.subscribers);
  const facts = [
    pricesText(p),
    plural(p.creditsPerMonth, { one: `${credits} credit a month`, other: `${credits} credits a month` }),
    p.yearlyPrice !== null && p.yearlyGrant === "upfront" ? t`yearly: the year's credits at once` : null,
    p.rolloverCap > 0 ? t`rolls over up to ${cap}` : t`no rollover`,
    plural(p.subscribers, { one: `${subscribers} subscriber`, other: `${subscribers} subscribers` }),
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" aria-label={t`Plan ${name}`}>
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {p.name}
          {p.popular ? (
            <Badge>
              <Trans>Most Popular</Trans>
            </Badge>
          ) : null}
          <Badge variant={p.isActive ? "success" : "secondary"}>{p.isActive ? t`Active` : t`Inactive`}</Badge>
        </p>
        <p className="text-sm text-muted-foreground">{facts.join(" · ")}</p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t`Edit ${name}`}>
          <Pencil aria-hidden="true" />
          <Trans>Edit</Trans>
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={t`Delete ${name}`}>
          <Trash2 aria-hidden="true" />
          <Trans>Delete</Trans>
        </Button>
      </div>
    </li>
  );
}
