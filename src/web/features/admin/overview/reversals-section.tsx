import { useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { SectionCard } from "@/components/ui/section-card";
import { DataTable } from "./data-table";
import { Figure } from "./figure";
import { formatCount, formatMoney, formatRate, RANGE_PHRASES } from "./overview-format";
import { useProviderCurrencyColumns } from "./provider-currency-columns";

/**
 * Refunds and chargebacks (decision 0084): per provider and currency, how many and how much went
 * back, the disputes opened, and the share of the range's sales that went back; and the disputes
 * still undecided, whenever they opened.
 */
export function ReversalsSection({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const r = data.reversals;
  const rows = r.byProvider;
  const byProvider = useProviderCurrencyColumns<(typeof rows)[number]>();
  const open = formatCount(r.openDisputes);
  return (
    <SectionCard
      id="overview-reversals"
      title={t`Refunds and chargebacks`}
      description={t`Payments refunded or charged back, by payment provider. Rate: refunded and charged back ÷ sales.`}
    >
      <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" aria-label={t`Refund and chargeback totals`}>
        <Figure label={t`Open disputes`} value={open} detail={t`undecided now`} />
        <Figure label={t`Refunds`} value={formatCount(rows.reduce((s, x) => s + x.refunds, 0))} />
        <Figure label={t`Chargebacks`} value={formatCount(rows.reduce((s, x) => s + x.chargebacks, 0))} />
        <Figure label={t`Disputes opened`} value={formatCount(rows.reduce((s, x) => s + x.disputesOpened, 0))} />
      </dl>
      <DataTable
        className="max-h-none"
        caption={t`Refunds and chargebacks by payment provider and currency, ${range}`}
        rowKey={byProvider.rowKey}
        rows={rows}
        columns={[
          ...byProvider.columns,
          { header: t`Refunds`, numeric: true, cell: (x) => formatCount(x.refunds) },
          { header: t`Refunded`, numeric: true, cell: (x) => formatMoney(x.refundedAmount, x.currency) },
          { header: t`Chargebacks`, numeric: true, cell: (x) => formatCount(x.chargebacks) },
          { header: t`Charged back`, numeric: true, cell: (x) => formatMoney(x.chargebackAmount, x.currency) },
          { header: t`Disputes opened`, numeric: true, cell: (x) => formatCount(x.disputesOpened) },
          { header: t`Sales`, numeric: true, cell: (x) => formatMoney(x.salesAmount, x.currency) },
          { header: t`Rate`, numeric: true, cell: (x) => formatRate(x.rate) },
        ]}
      />
    </SectionCard>
  );
}
