import { Trans, useLingui } from "@lingui/react/macro";
import { Coins } from "lucide-react";
import { Link } from "wouter";
import type { AdminUserView } from "../../../../shared/schemas/admin-users";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/data-table";
import { useCurrentUser } from "@/features/auth";
import { cn } from "@/lib/cn";
import { formatCredits } from "@/lib/format";
import { useToggleUser } from "@/features/admin/admin-api";

export interface UsersTableProps {
  users: AdminUserView[];
  /** The sort's name, for the table's caption. */
  sortLabel: string;
  /** Dimmed while the previous answer stands in for the one on its way. */
  stale: boolean;
  onEditCredits: (user: AdminUserView) => void;
}

/** One page of users: Username, Email, Credits, Videos Created, Status, Actions (edit credits, disable or enable). */
export function UsersTable({ users, sortLabel, stale, onEditCredits }: UsersTableProps) {
  const { t } = useLingui();
  const toggle = useToggleUser();
  const me = useCurrentUser().user;
  const columns: DataTableColumn<AdminUserView>[] = [
    {
      header: t`Username`,
      rowHeader: true,
      className: "font-medium",
      cell: (u) => (
        <>
          <Link
            href={`/admin/users/${u.id}`}
            className="rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {u.username}
          </Link>
          {u.isAdmin ? (
            <Badge className="ml-2">
              <Trans>Admin</Trans>
            </Badge>
          ) : null}
          <PaymentProblemBadge user={u} />
        </>
      ),
    },
    { header: t`Email`, className: "text-muted-foreground", cell: (u) => u.email ?? "—" },
    { header: t`Credits`, className: "tabular-nums", cell: (u) => formatCredits(u.credits) },
    { header: t`Videos Created`, className: "tabular-nums", cell: (u) => formatCredits(u.videoCount) },
    { header: t`Status`, cell: (u) => <UserStatusBadge user={u} /> },
    {
      header: t`Actions`,
      className: "sticky-actions",
      headerClassName: "sticky-actions",
      cell: (u) => {
        const { username } = u;
        return (
          // A deleted account stays deleted (decision 0087): nothing to change.
          <div className="flex flex-col gap-2 sm:flex-row" hidden={u.deletedAt !== null}>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onEditCredits(u)}
              aria-label={t`Edit credits of ${username}`}
            >
              <Coins aria-hidden="true" />
              <Trans>Edit Credits</Trans>
            </Button>
            <Button
              variant={u.isActive ? "outline" : "secondary"}
              size="sm"
              disabled={u.username === me?.username || toggle.isPending}
              onClick={() => toggle.mutate({ id: u.id, isActive: !u.isActive })}
              aria-label={u.isActive ? t`Disable ${username}` : t`Enable ${username}`}
            >
              {u.isActive ? t`Disable` : t`Enable`}
            </Button>
          </div>
        );
      },
    },
  ];
  return (
    <DataTable
      caption={t`Users, sorted by ${sortLabel}`}
      columns={columns}
      rows={users}
      rowKey={(u) => u.id}
      rowProps={(u) => {
        const { username } = u;
        return { "aria-label": t`User ${username}` };
      }}
      className={cn(stale && "opacity-60")}
      tableClassName="min-w-[44rem]"
    />
  );
}

/** Active, disabled by an admin, or deleted by its owner (decision 0087). */
export function UserStatusBadge({ user }: { user: Pick<AdminUserView, "isActive" | "deletedAt"> }) {
  const { t } = useLingui();
  if (user.deletedAt) return <Badge variant="secondary">{t`Deleted by owner`}</Badge>;
  return <Badge variant={user.isActive ? "success" : "destructive"}>{user.isActive ? t`Active` : t`Disabled`}</Badge>;
}

/** Credits owed for a refunded payment, or a payment under dispute (decision 0084): new videos are blocked. */
function PaymentProblemBadge({ user }: { user: AdminUserView }) {
  const { t } = useLingui();
  if (user.creditsOwed <= 0 && !user.disputeOpen) return null;
  const owed = formatCredits(user.creditsOwed);
  return (
    <Badge variant="destructive" className="ml-2" data-payment-problem="">
      {user.creditsOwed > 0 ? t`Owes ${owed}` : t`Disputed`}
    </Badge>
  );
}
