/** The /admin overview (issue 23, decision 0053): a range, its headline figures, then each chart with its table. */
import { LoaderCircle, RefreshCw } from "lucide-react";
import { useSearchParams } from "wouter";
import {
  OVERVIEW_DEFAULT_RANGE,
  OVERVIEW_RANGE_LABELS,
  OVERVIEW_RANGES,
  type AdminOverview,
  type OverviewRange,
} from "../../../../shared/schemas/admin-overview";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useAdminOverview } from "./overview-api";
import { formatCount, formatDay, formatDuration, formatMoney, formatRate } from "./overview-format";
import { RangePicker } from "./range-picker";
import { CreditsSection, Figure, NewUsersSection, ProviderAccountsSection, RevenueSection, TimesSection, VideosSection } from "./overview-sections";

const rangeFrom = (value: string | null): OverviewRange =>
  (OVERVIEW_RANGES as readonly string[]).includes(value ?? "") ? (value as OverviewRange) : OVERVIEW_DEFAULT_RANGE;

/** The range is in the address (?range=30d), so a reload or a shared link opens the same one. */
export function OverviewPanel() {
  const [params, setParams] = useSearchParams();
  const range = rangeFrom(params.get("range"));
  const query = useAdminOverview(range);
  const data = query.data;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RangePicker value={range} onChange={(next) => setParams(next === OVERVIEW_DEFAULT_RANGE ? {} : { range: next })} />
        {data ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {formatDay(data.days[0]!)} – {formatDay(data.days.at(-1)!)} (UTC)
            {query.isFetching ? <LoaderCircle className="ml-2 inline size-4 animate-spin" aria-label="Updating" /> : null}
          </p>
        ) : null}
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-16" role="status" aria-label="Loading the overview">
          <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      ) : query.isError && !data ? (
        <div className="grid justify-items-center gap-3 py-10 text-center" role="alert">
          <p className="text-sm text-muted-foreground">The overview could not be loaded: {errorMessage(query.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
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
    c.sold + c.spent + c.refunded + c.adjustedUp + c.adjustedDown === 0 &&
    data.newUsers.total === 0 &&
    data.videos.total === 0
  );
}

function Overview({ data }: { data: AdminOverview }) {
  const revenue = data.revenue.byProvider.reduce<Record<string, number>>((sums, r) => {
    sums[r.currency] = (sums[r.currency] ?? 0) + Number(r.amount);
    return sums;
  }, {});
  const v = data.videos;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={`Summary, ${OVERVIEW_RANGE_LABELS[data.range].toLowerCase()}`}>
        <Figure
          label="Revenue"
          value={Object.entries(revenue)
            .map(([currency, amount]) => formatMoney(amount, currency))
            .join(" + ")}
        />
        <Figure label="Credits sold" value={formatCount(data.credits.sold)} />
        <Figure label="Credits spent (net)" value={formatCount(data.credits.netSpent)} detail="spent - refunded" />
        <Figure label="New users" value={formatCount(data.newUsers.total)} />
        <Figure label="Videos" value={formatCount(v.total)} detail={`${formatCount(v.inProgress)} in progress`} />
        <Figure label="Failure rate" value={formatRate(v.failureRate)} detail="failed ÷ finished" />
        <Figure label="Refund rate" value={formatRate(v.refundRate)} detail="refunded, failed ones included ÷ finished" />
        <Figure
          label="Time to video"
          value={formatDuration(data.times.toVideo.medianSeconds)}
          detail={`median; 95th percentile ${formatDuration(data.times.toVideo.p95Seconds)}`}
        />
      </dl>
      {isEmpty(data) ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground" role="status">
          Nothing happened {data.range === "today" ? "today" : `in the ${OVERVIEW_RANGE_LABELS[data.range].toLowerCase()}`}: no payments, credits, new users or
          videos.
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
      <ProviderAccountsSection data={data} />
    </>
  );
}
