/** The /admin overview (issue 23, decision 0053): a range, its headline figures, then each chart with its table. */
import { LoaderCircle, RefreshCw } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearchParams } from "wouter";
import {
  OVERVIEW_DEFAULT_RANGE,
  OVERVIEW_RANGES,
  type AdminOverview,
  type OverviewRange,
} from "../../../../shared/schemas/admin-overview";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useAdminOverview } from "./overview-api";
import { formatCount, formatDay, formatDuration, formatMoney, formatRate, RANGE_PHRASES } from "./overview-format";
import { RangePicker } from "./range-picker";
import { ModerationSection } from "./moderation-section";
import { ModelHealthSection } from "./model-health-section";
import { SetupOverview } from "./setup-checklist";
import { UnitEconomicsSection } from "./unit-economics-section";
import {
  CreditsSection,
  Figure,
  NewUsersSection,
  ProviderAccountsSection,
  RevenueSection,
  ReversalsSection,
  TimesSection,
  VideosSection,
} from "./overview-sections";

const rangeFrom = (value: string | null): OverviewRange =>
  (OVERVIEW_RANGES as readonly string[]).includes(value ?? "") ? (value as OverviewRange) : OVERVIEW_DEFAULT_RANGE;

/** The range is in the address (?range=30d), so a reload or a shared link opens the same one. */
export function OverviewPanel() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const range = rangeFrom(params.get("range"));
  const query = useAdminOverview(range);
  const data = query.data;
  const from = data ? formatDay(data.days[0]!) : "";
  const to = data ? formatDay(data.days.at(-1)!) : "";
  const reason = query.isError ? errorMessage(query.error) : "";

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <SetupOverview />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RangePicker
          value={range}
          onChange={(next) => setParams(next === OVERVIEW_DEFAULT_RANGE ? {} : { range: next })}
        />
        {data ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            <Trans>
              {from} – {to} (UTC)
            </Trans>
            {query.isFetching ? (
              <LoaderCircle className="ml-2 inline size-4 animate-spin" aria-label={t`Updating`} />
            ) : null}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-16" role="status" aria-label={t`Loading the overview`}>
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      ) : query.isError && !data ? (
        <div className="grid justify-items-center gap-3 py-10 text-center" role="alert">
          <p className="text-sm text-muted-foreground">
            <Trans>The overview could not be loaded: {reason}</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" />
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : data ? (
        <Overview data={data} />
      ) : null}
    </div>
  );
}

function isEmpty(data: AdminOverview): boolean {
  const c = data.credits;
  return (
    data.revenue.byProvider.every((r) => r.orders === 0) &&
    c.sold + c.bonus + c.spent + c.refunded + c.adjustedUp + c.adjustedDown === 0 &&
    data.newUsers.total === 0 &&
    data.videos.total === 0
  );
}

function Overview({ data }: { data: AdminOverview }) {
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
    <>
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
        <Figure
          label={t`Credits spent (net)`}
          value={formatCount(data.credits.netSpent)}
          detail={t`spent - refunded`}
        />
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
      {isEmpty(data) ? (
        <p
          className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground"
          role="status"
        >
          {data.range === "today" ? (
            <Trans>Nothing happened today: no payments, credits, new users or videos.</Trans>
          ) : (
            <Trans>Nothing happened in the {range}: no payments, credits, new users or videos.</Trans>
          )}
        </p>
      ) : (
        <>
          <RevenueSection data={data} />
          <VideosSection data={data} />
          <CreditsSection data={data} />
          <NewUsersSection data={data} />
          <TimesSection data={data} />
        </>
      )}
      <ModelHealthSection data={data} />
      <UnitEconomicsSection data={data} />
      <ReversalsSection data={data} />
      <ModerationSection data={data} />
      <ProviderAccountsSection data={data} />
    </>
  );
}
