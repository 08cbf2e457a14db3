import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { LoadOlderButton } from "@/features/admin/cursor-pager";
import { errorMessage } from "@/lib/api";
import { CodeDetailDialog } from "./code-detail-dialog";
import { CodeDialog } from "./code-dialog";
import { useCodeColumns } from "./code-columns";
import { useAdminCodes, useSetCodeDisabled, type AdminCode } from "./codes-api";
import type { CodeFilters } from "./codes-filters";

/** The codes these filters find, newest first: its details and redemptions, Change, and Disable (asked first) or Enable. */
export function CodesList({ filters }: { filters: CodeFilters }) {
  const { t } = useLingui();
  const query = useAdminCodes(filters);
  const filtered = Boolean(filters.q || filters.kind);
  const [open, setOpen] = useState<AdminCode>();
  const [editing, setEditing] = useState<AdminCode>();
  const [disabling, setDisabling] = useState<AdminCode>();
  const toggle = useSetCodeDisabled(() => setDisabling(undefined));
  const columns = useCodeColumns({
    onOpen: setOpen,
    onEdit: setEditing,
    onToggle: (code) => (code.disabledAt ? toggle.mutate({ code, disabled: false }) : setDisabling(code)),
  });
  const reason = query.isError ? errorMessage(query.error) : "";
  const disablingCode = disabling?.display ?? "";
  return (
    <>
      <DataTable
        caption={t`Codes, newest first`}
        columns={columns}
        rows={query.data?.pages.flatMap((p) => p.codes) ?? []}
        rowKey={(c) => c.id}
        rowProps={(c) => ({ className: "align-top", "data-code": c.display })}
        tableClassName="min-w-[60rem]"
        loading={query.isPending ? t`Loading the codes` : undefined}
        error={
          query.isError && !query.data
            ? { message: <Trans>The codes could not be loaded: {reason}</Trans>, onRetry: () => void query.refetch() }
            : undefined
        }
        empty={
          filtered ? (
            <Trans>No codes match these filters.</Trans>
          ) : (
            <Trans>No codes yet. Make one, or a batch for a reseller or an event.</Trans>
          )
        }
        footer={
          <LoadOlderButton
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            onLoad={() => void query.fetchNextPage()}
          />
        }
      />
      {open ? <CodeDetailDialog code={open} onClose={() => setOpen(undefined)} /> : null}
      {editing ? <CodeDialog key={editing.id} code={editing} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmDialog
        open={Boolean(disabling)}
        onOpenChange={(o) => !o && setDisabling(undefined)}
        title={t`Disable code?`}
        description={t`Nobody can redeem ${disablingCode} any more; what was already redeemed stays. You can enable it again.`}
        confirmLabel={t`Disable`}
        pending={toggle.isPending}
        onConfirm={() => disabling && toggle.mutate({ code: disabling, disabled: true })}
      />
    </>
  );
}
