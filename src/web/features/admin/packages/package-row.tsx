/** One package in the admin's list: what it sells, its badges, what its credits earn, and its actions. */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, Trash2 } from "lucide-react";
import type { AdminCreditPackageView } from "../../../../shared/schemas/packages";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatCredits, formatMoney } from "@/lib/format";
import type { usePackageEconomics } from "./package-economics";
import { PackageMarginLine } from "./package-margin-line";

export function PackageRow({
  pkg: p,
  economics,
  creemOn,
  onEdit,
  onDelete,
}: {
  pkg: AdminCreditPackageView;
  economics: ReturnType<typeof usePackageEconomics>;
  /** Creem payments are on: a package on sale needs its Creem product. */
  creemOn: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const { name } = p;
  const credits = formatCredits(p.credits);
  const price = formatMoney(Number(p.price), "USD");
  const bonus = formatCredits(p.bonusCredits);
  const noCreemProduct = creemOn && p.isActive && !p.creemProductId;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" aria-label={t`Package ${name}`}>
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {p.name}
          {p.popular ? (
            <Badge>
              <Trans>Most Popular</Trans>
            </Badge>
          ) : null}
          <Badge variant={p.isActive ? "success" : "secondary"}>{p.isActive ? t`Active` : t`Inactive`}</Badge>
          {noCreemProduct ? (
            <Badge variant="destructive" data-testid="no-creem-product">
              <Trans>No Creem product</Trans>
            </Badge>
          ) : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {plural(p.credits, { one: `${credits} credit · ${price}`, other: `${credits} credits · ${price}` })}
          {p.bonusCredits > 0
            ? ` · ${plural(p.bonusCredits, { one: `+${bonus} bonus credit`, other: `+${bonus} bonus credits` })}`
            : ""}
          {/* eslint-disable-next-line lingui/no-unlocalized-strings -- Creem is a brand name, followed by its product id */}
          {p.creemProductId ? ` · Creem ${p.creemProductId}` : ""}
        </p>
        {noCreemProduct ? (
          <p className="text-sm text-red-300">
            <Trans>
              Creem payments are on: add this package's Creem product ID, or buyers cannot pay for it with Creem.
            </Trans>
          </p>
        ) : null}
        {economics && p.isActive ? <PackageMarginLine pkg={p} economics={economics} /> : null}
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
