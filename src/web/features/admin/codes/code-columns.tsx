import { useLingui } from "@lingui/react/macro";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { DataTableColumn } from "@/components/ui/data-table";
import { formatCredits } from "@/lib/format";
import type { AdminCode } from "./codes-api";
import {
  centsText,
  kindLabel,
  stateLabel,
  stateOf,
  usesText,
  validityText,
  valueText,
  type CodeState,
} from "./code-words";

const STATE_BADGE: Record<CodeState, "success" | "secondary" | "warning" | "destructive"> = {
  active: "success",
  scheduled: "warning",
  disabled: "destructive",
  expired: "secondary",
  used_up: "secondary",
};

export interface CodeActions {
  onOpen: (code: AdminCode) => void;
  onEdit: (code: AdminCode) => void;
  onToggle: (code: AdminCode) => void;
}

/** Code (opens its redemptions), kind and value, uses, credits granted, revenue, validity, state, actions. */
export function useCodeColumns({ onOpen, onEdit, onToggle }: CodeActions): DataTableColumn<AdminCode>[] {
  const { t } = useLingui();
  return [
    {
      header: t`Code`,
      rowHeader: true,
      cell: (c) => (
        <>
          <button
            type="button"
            onClick={() => onOpen(c)}
            className="rounded font-mono text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {c.display}
          </button>
          {c.label ? <span className="block text-xs text-muted-foreground">{c.label}</span> : null}
        </>
      ),
    },
    { header: t`Kind`, cell: (c) => kindLabel(c.kind) },
    { header: t`Value`, cell: (c) => valueText(c) },
    { header: t`Uses`, className: "whitespace-nowrap tabular-nums", cell: (c) => usesText(c) },
    {
      header: t`Credits granted`,
      align: "right",
      className: "tabular-nums",
      cell: (c) => formatCredits(c.creditsGranted),
    },
    { header: t`Revenue`, align: "right", className: "tabular-nums", cell: (c) => centsText(c.revenueCents) },
    { header: t`Valid`, className: "whitespace-nowrap", cell: (c) => validityText(c) },
    {
      header: t`State`,
      cell: (c) => {
        const state = stateOf(c);
        return <Badge variant={STATE_BADGE[state]}>{stateLabel(state)}</Badge>;
      },
    },
    {
      header: t`Actions`,
      headerHidden: true,
      align: "right",
      className: "whitespace-nowrap",
      cell: (c) => {
        const code = c.display;
        return (
          <span className="inline-flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => onEdit(c)} aria-label={t`Change ${code}`}>
              {t`Change`}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onToggle(c)}
              aria-label={c.disabledAt ? t`Enable ${code}` : t`Disable ${code}`}
            >
              {c.disabledAt ? t`Enable` : t`Disable`}
            </Button>
          </span>
        );
      },
    },
  ];
}
