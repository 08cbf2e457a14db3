import { useLingui } from "@lingui/react/macro";
import type { Column } from "./data-table";
import { providerLabel } from "./overview-format";

/** A table with a row per payment provider and currency: its rows' key and its first two columns. */
export function useProviderCurrencyColumns<Row extends { provider: string; currency: string }>() {
  const { t } = useLingui();
  const columns: Column<Row>[] = [
    { header: t`Provider`, cell: (r) => providerLabel(r.provider) },
    { header: t`Currency`, cell: (r) => r.currency },
  ];
  return { rowKey: (r: Row) => `${r.provider}-${r.currency}`, columns };
}
