/**
 * A person's referrals on their admin page (issue 70, decision 0157): who referred them (and
 * whether it was refused, and why), how many they referred, and the rewards they earned, each with
 * its state. Drawn only when there is something to show.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { adminReferralsApi } from "../../../../shared/api/admin-referrals";
import type { AdminUserReferrals } from "../../../../shared/schemas/referrals";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { SectionCard } from "@/components/ui/section-card";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { formatMoney } from "@/features/admin/overview/overview-format";
import { callQuery } from "@/lib/api";
import { formatCredits, formatDateTime } from "@/lib/format";

type Reward = AdminUserReferrals["rewards"][number];
const REWARD_STATUS: Record<Reward["status"], { label: MessageDescriptor; variant: BadgeProps["variant"] }> = {
  held: { label: msg`Held`, variant: "warning" },
  granted: { label: msg`Granted`, variant: "success" },
  cancelled: { label: msg`Cancelled`, variant: "secondary" },
  reversed: { label: msg`Taken back`, variant: "destructive" },
};
const REFERRAL_STATUS: Record<AdminUserReferrals["referred"][number]["status"], MessageDescriptor> = {
  joined: msg`Not verified yet`,
  verified: msg`Verified`,
  refused: msg`Refused`,
};
const REFUSED_REASONS: Record<string, MessageDescriptor> = {
  same_mailbox: msg`the referrer's own mailbox`,
  same_network: msg`the referrer's own network`,
  referrer_inactive: msg`the referrer's account is blocked or deleted`,
  same_payer: msg`paid with the referrer's own payment account`,
  throwaway: msg`a throwaway address`,
};

export function UserReferralsCard({ userId }: { userId: string }) {
  const { t } = useLingui();
  const query = useQuery<AdminUserReferrals>({
    queryKey: adminQueryKeys.userReferrals(userId),
    queryFn: callQuery(adminReferralsApi.user, { params: { userId } }),
  });
  const r = query.data;
  if (!r || (!r.referredBy && r.referredCount === 0 && r.rewards.length === 0)) return null;
  const status = (s: keyof typeof REFERRAL_STATUS, reason: string | null) => {
    const why = reason ? REFUSED_REASONS[reason] : undefined;
    const label = t(REFERRAL_STATUS[s]);
    return why ? `${label}: ${t(why)}` : label;
  };
  const count = formatCredits(r.referredCount);
  const by = r.referredBy;
  const byName = by?.username;
  const byStatus = by ? status(by.status, by.refusedReason) : "";
  return (
    <SectionCard id="user-referrals-title" title={t`Referrals`}>
      <div className="grid gap-4 text-sm">
        {by ? (
          <p>
            <Trans>
              Referred by{" "}
              <Link href={`/admin/users/${by.userId}`} className="text-violet-300 underline-offset-4 hover:underline">
                {byName}
              </Link>
              : {byStatus}.
            </Trans>
          </p>
        ) : null}
        <p>{t`People referred: ${count}`}</p>
        {r.referred.length > 0 ? (
          <ul className="grid gap-1">
            {r.referred.map((p) => (
              <li key={p.userId}>
                <Link href={`/admin/users/${p.userId}`} className="text-violet-300 underline-offset-4 hover:underline">
                  {p.username}
                </Link>{" "}
                <span className="text-muted-foreground">
                  {status(p.status, p.refusedReason)} · {formatDateTime(p.joinedAt)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {r.rewards.length > 0 ? (
          <DataTable
            caption={t`Referral rewards, newest first`}
            label={t`Referral rewards`}
            columns={[
              { header: t`Referred person`, cell: (w) => w.refereeUsername },
              { header: t`Paid`, className: "tabular-nums", cell: (w) => formatMoney(w.paidUsd, "USD") },
              {
                header: t`Credits`,
                className: "tabular-nums",
                cell: (w) => formatCredits(w.credits - w.reversedCredits),
              },
              {
                header: t`Status`,
                cell: (w) => (
                  <Badge variant={REWARD_STATUS[w.status].variant}>{t(REWARD_STATUS[w.status].label)}</Badge>
                ),
              },
              {
                header: t`Released`,
                className: "whitespace-nowrap text-muted-foreground tabular-nums",
                cell: (w) => formatDateTime(w.releaseAt),
              },
            ]}
            rows={r.rewards}
            rowKey={(w) => w.id}
          />
        ) : null}
      </div>
    </SectionCard>
  );
}
