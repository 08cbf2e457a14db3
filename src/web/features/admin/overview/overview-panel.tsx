/** The /admin overview (issue 23, decision 0053): a range, its headline figures, then each chart with its table. */
import { LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearchParams } from "wouter";
import {
  OVERVIEW_DEFAULT_RANGE,
  OVERVIEW_RANGES,
  type AdminOverview,
  type OverviewRange,
} from "../../../../shared/schemas/admin-overview";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { errorMessage } from "@/lib/api";
import { useAdminOverview } from "./overview-api";
import { formatDay, RANGE_PHRASES } from "./overview-format";
import { RangePicker } from "./range-picker";
import { ModerationSection } from "./moderation-section";
import { ModelHealthSection } from "./model-health-section";
import { SetupOverview } from "./setup-checklist";
import { VendorModelAlerts } from "./vendor-model-alerts";
import { UnitEconomicsSection } from "./unit-economics-section";
import { CreditsSection } from "./credits-section";
import { NewUsersSection } from "./new-users-section";
import { OverviewSummary } from "./overview-summary";
import { ProviderAccountsSection } from "./provider-accounts-section";
import { RevenueSection } from "./revenue-section";
import { PlansSection } from "./plans-section";
import { ReferralsSection } from "./referrals-section";
import { ReversalsSection } from "./reversals-section";
import { TimesSection } from "./times-section";
import { VideosSection } from "./videos-section";

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
      <VendorModelAlerts problems={data?.vendorModelProblems} />
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
        <LoadingState className="py-16" label={t`Loading the overview`} />
      ) : query.isError && !data ? (
        <ErrorState
          className="py-10"
          message={<Trans>The overview could not be loaded: {reason}</Trans>}
          onRetry={() => void query.refetch()}
        />
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
    c.sold + c.bonus + c.planCredits + c.expired + c.spent + c.refunded + c.adjustedUp + c.adjustedDown === 0 &&
    data.newUsers.total === 0 &&
    data.videos.total === 0
  );
}

/** The sections of what happened in the range, in a fixed order (so the index is their key); left out when nothing did. */
const ACTIVITY_SECTIONS = [RevenueSection, VideosSection, CreditsSection, NewUsersSection, TimesSection];
/** What may need the owner now: shown above the charts when it does. */
const URGENT_SECTIONS = [ModelHealthSection, UnitEconomicsSection];
/** The sections shown whatever happened, in a fixed order (each may draw nothing). */
const STANDING_SECTIONS = [
  ModelHealthSection,
  UnitEconomicsSection,
  PlansSection,
  ReferralsSection,
  ReversalsSection,
  ModerationSection,
  ProviderAccountsSection,
];

/** A model failing often or a price selling below cost: their sections come before the charts (issue 68). */
const needsAttention = (data: AdminOverview): boolean =>
  Boolean(data.modelHealth?.some((m) => m.degraded)) || (data.economics?.belowCost.length ?? 0) > 0;

function Overview({ data }: { data: AdminOverview }) {
  const { t } = useLingui();
  const range = t(RANGE_PHRASES[data.range]);
  const urgentFirst = needsAttention(data);
  const later = urgentFirst ? STANDING_SECTIONS.filter((s) => !URGENT_SECTIONS.includes(s)) : STANDING_SECTIONS;
  return (
    <>
      {urgentFirst ? URGENT_SECTIONS.map((Section, i) => <Section key={`urgent-${i}`} data={data} />) : null}
      <OverviewSummary data={data} />
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
        ACTIVITY_SECTIONS.map((Section, i) => <Section key={i} data={data} />)
      )}
      {later.map((Section, i) => (
        <Section key={i} data={data} />
      ))}
    </>
  );
}
