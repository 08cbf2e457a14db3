import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { Figure } from "./figure";
import { formatCount, formatDuration, formatMoney, formatRate, RANGE_PHRASES } from "./overview-format";

/** The range's headline figures: revenue, credits, new users, videos, failure and refund rates, time to video. */
export function OverviewSummary({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const bonus = data.credits.bonus;
  const bonusCount = formatCount(bonus);
  const revenue = data.revenue.byProvider.reduce<Record<string, number>>((sums, r) => {
    sums[r.currency] = (sums[r.currency] ?? 0) + Number(r.amount);
    return sums;
  }, {});
  const v = data.videos;
  const inProgress = formatCount(v.inProgress);
  const p95 = formatDuration(data.times.toVideo.p95Seconds);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t`Summary, ${range}`}>
      <Figure
        label={t`Revenue`}
        value={Object.entries(revenue)
          .map(([currency, amount]) => formatMoney(amount, currency))
          .join(" + ")}
      />
      <Figure
        label={t`Credits sold`}
        value={formatCount(data.credits.sold)}
        detail={bonus > 0 ? t`+ ${bonusCount} bonus` : undefined}
      />
      <Figure label={t`Credits spent (net)`} value={formatCount(data.credits.netSpent)} detail={t`spent - refunded`} />
      <Figure label={t`New users`} value={formatCount(data.newUsers.total)} />
      <Figure label={t`Videos`} value={formatCount(v.total)} detail={t`${inProgress} in progress`} />
      <Figure
        label={t`Failure rate`}
        value={formatRate(v.failureRate)}
        detail={
          // Prompts the provider refused for their content are not failures (decision 0082).
          v.refused
            ? `${t`failed ÷ finished`}; ${plural(v.refused, { one: "# refused prompt not counted", other: "# refused prompts not counted" })}`
            : t`failed ÷ finished`
        }
      />
      <Figure
        label={t`Refund rate`}
        value={formatRate(v.refundRate)}
        detail={t`refunded, failed ones included ÷ finished`}
      />
      <Figure
        label={t`Time to video`}
        value={`${data.times.toVideo.estimated ? "≈ " : ""}${formatDuration(data.times.toVideo.medianSeconds)}`}
        detail={t`median; 95th percentile ${p95}`}
      />
    </dl>
  );
}
