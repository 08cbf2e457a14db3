import { Link } from "wouter";
import { SectionCard } from "@/features/admin/admin-fields";
import { NO_AUDIT_FILTERS } from "@/features/admin/audit/audit-api";
import { AuditList } from "@/features/admin/audit/audit-table";

/** The audit log's entries about this user (targetId = their id), newest first. */
export function UserAuditCard({ userId, username }: { userId: string; username: string }) {
  return (
    <SectionCard
      id="user-audit-title"
      title="Recent admin actions on this user"
      description={
        <Link href={`/admin/audit?targetId=${encodeURIComponent(userId)}`} className="text-violet-300 underline-offset-4 hover:underline">
          Open in the audit log
        </Link>
      }
    >
      <AuditList
        filters={{ ...NO_AUDIT_FILTERS, targetId: userId }}
        caption={`Admin actions on ${username}, newest first`}
        empty="No admin actions on this user yet."
      />
    </SectionCard>
  );
}
