import { useLingui } from "@lingui/react/macro";
import { useSearchParams } from "wouter";
import { AdminLayout } from "@/features/admin/admin-layout";
import { ChoiceField, TextField } from "@/features/admin/admin-fields";
import type { MailStatusFilter } from "@/features/admin/mail/mail-api";
import { MAIL_STATUS_FILTERS, mailStatusLabel } from "@/features/admin/mail/mail-labels";
import { MailList } from "@/features/admin/mail/mail-list";

/**
 * /admin/mail (decision 0085): every message the site wrote, newest first. Without a mail server
 * this is the local outbox: a person trying the product reads their reset link here. The filters
 * live in the address (admin only: gated in app/app.tsx).
 */
export function AdminMailPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get("status") ?? "";
  const status = (MAIL_STATUS_FILTERS as string[]).includes(statusParam)
    ? (statusParam as MailStatusFilter)
    : undefined;
  const to = params.get("to") ?? "";
  const set = (next: { status?: string; to?: string }) => {
    const merged = { status: status ?? "", to, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v.trim() !== "")), { replace: true });
  };
  return (
    <AdminLayout
      title={t`Mail`}
      description={t`Every message the site wrote: sent, waiting, failed, or kept here when no mail server is set.`}
    >
      <div className="grid gap-4 sm:grid-cols-[14rem_minmax(0,24rem)]">
        <ChoiceField
          id="mail-status"
          label={t`Status`}
          value={status ?? ""}
          onValueChange={(value) => set({ status: value })}
          options={[
            { value: "", label: t`Any status` },
            ...MAIL_STATUS_FILTERS.map((s) => ({ value: s, label: mailStatusLabel(s) })),
          ]}
        />
        <TextField
          id="mail-to"
          label={t`To`}
          type="search"
          placeholder={t`Part of an address`}
          value={to}
          onValueChange={(value) => set({ to: value })}
        />
      </div>
      <MailList status={status} to={to.trim() || undefined} />
    </AdminLayout>
  );
}
