import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { SectionCard } from "@/components/ui/section-card";
import { NO_AUDIT_FILTERS } from "@/features/admin/audit/audit-api";
import { AuditList } from "@/features/admin/audit/audit-table";

/** The audit log's entries about this user (targetId = their id), newest first. */
export function UserAuditCard({ userId, username }: { userId: string; username: string }) {
  const { t } = useLingui();
  return (
    <SectionCard
      id="user-audit-title"
      title={t`Recent admin actions on this user`}
      description={
        <Link
          href={`/admin/audit?targetId=${encodeURIComponent(userId)}`}
          className="text-violet-300 underline-offset-4 hover:underline"
        >
          <Trans>Open in the audit log</Trans>
        </Link>
      }
    >
      <AuditList
        filters={{ ...NO_AUDIT_FILTERS, targetId: userId }}
        caption={t`Admin actions on ${username}, newest first`}
        empty={t`No admin actions on this user yet.`}
      />
    </SectionCard>
  );
}
