import { ArrowLeft } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "wouter";
import { ErrorState, LoadingState } from "@/components/ui/list-states";
import { AdminLayout } from "@/features/admin/admin-layout";
import { UserAccessCards } from "@/features/admin/user-page/user-access";
import { isNotFound, useAdminUser } from "@/features/admin/user-page/user-api";
import { UserAuditCard } from "@/features/admin/user-page/user-audit";
import { UserPlanCard } from "@/features/admin/user-page/user-plan";
import { UserReferralsCard } from "@/features/admin/user-page/user-referrals";
import { UserOrdersCard } from "@/features/admin/user-page/user-orders";
import { BalanceCard, ProfileCard } from "@/features/admin/user-page/user-profile";
import { UserTransactionsCard } from "@/features/admin/user-page/user-transactions";
import { UserVideosCard } from "@/features/admin/user-page/user-videos";
import { UserModerationNotice } from "@/features/admin/user-page/user-moderation";
import { UserInFlightCard } from "@/features/admin/user-page/user-in-flight";
import { UserSignInCard } from "@/features/admin/user-page/user-sign-in";
import { errorMessage } from "@/lib/api";

function BackLink() {
  return (
    <Link
      href="/admin/users"
      className="inline-flex items-center gap-1.5 text-sm text-violet-300 underline-offset-4 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      <Trans>All users</Trans>
    </Link>
  );
}

/** /admin/users/{id}: one user's profile, balance, whether they can sign in, videos, transactions, tokens, sessions, orders and the admin actions on them. */
export function AdminUserPage() {
  const { t } = useLingui();
  const { userId } = useParams<{ userId: string }>();
  const query = useAdminUser(userId);
  const user = query.data;
  const reason = query.isError ? errorMessage(query.error) : "";

  if (query.isError && isNotFound(query.error)) {
    return (
      <AdminLayout
        title={t`User not found`}
        description={t`No user has this id: they may have been removed, or the link is wrong.`}
      >
        <p>
          <Link href="/admin/users" className="text-violet-300 underline-offset-4 hover:underline">
            <Trans>Back to all users</Trans>
          </Link>
        </p>
      </AdminLayout>
    );
  }

  return (
    <AdminLayout
      title={user?.username ?? t`User`}
      description={t`Profile, balance and activity.`}
      actions={<BackLink />}
    >
      {query.isPending ? (
        <LoadingState className="py-14" label={t`Loading the user`} />
      ) : !user ? (
        <ErrorState
          className="py-10"
          message={<Trans>The user could not be loaded: {reason}</Trans>}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          <UserModerationNotice user={user} />
          <div className="grid gap-6 lg:grid-cols-3">
            <ProfileCard user={user} />
            <BalanceCard user={user} />
          </div>
          <UserSignInCard user={user} />
          <UserVideosCard userId={user.id} />
          <UserTransactionsCard userId={user.id} />
          <UserAccessCards user={user} />
          <UserInFlightCard key={`in-flight-${user.inFlight.own ?? "default"}`} user={user} />
          <UserPlanCard user={user} />
          <UserOrdersCard user={user} />
          <UserReferralsCard userId={user.id} />
          <UserAuditCard userId={user.id} username={user.username} />
        </>
      )}
    </AdminLayout>
  );
}
