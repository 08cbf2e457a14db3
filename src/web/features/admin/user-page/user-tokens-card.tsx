import { useState } from "react";
import { KeyRound } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { SectionCard } from "@/components/ui/section-card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatDateTime } from "@/lib/format";
import { useRevokeToken } from "./user-api";

type Token = AdminUserDetail["apiTokens"][number];

/** The user's API tokens, masked as on their own /api page; Revoke asks first. */
export function UserTokensCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const [revoking, setRevoking] = useState<Token>();
  const revoke = useRevokeToken(user.id, () => setRevoking(undefined));
  const username = user.username;
  const tokenName = revoking?.name;
  const maskedToken = revoking?.token;
  return (
    <SectionCard
      id="user-tokens-title"
      title={t`API tokens`}
      description={t`Automations using a revoked token are refused from then on.`}
    >
      <DataTable
        caption={t`${username}'s API tokens`}
        label={t`API tokens`}
        columns={[
          { header: t`Name`, rowHeader: true, className: "font-medium", cell: (token) => token.name },
          { header: t`Token`, className: "whitespace-nowrap font-mono text-xs", cell: (token) => token.token },
          {
            header: t`Created`,
            className: "whitespace-nowrap text-muted-foreground tabular-nums",
            cell: (token) => formatDateTime(token.createdAt),
          },
          {
            header: t`Last used`,
            className: "whitespace-nowrap text-muted-foreground tabular-nums",
            cell: (token) => (token.lastUsed ? formatDateTime(token.lastUsed) : t`Never`),
          },
          {
            header: t`Actions`,
            className: "sticky-actions",
            headerClassName: "sticky-actions",
            cell: (token) => {
              const name = token.name;
              return (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setRevoking(token)}
                  aria-label={t`Revoke API token ${name}`}
                >
                  <KeyRound aria-hidden="true" />
                  <Trans>Revoke</Trans>
                </Button>
              );
            },
          },
        ]}
        rows={user.apiTokens}
        rowKey={(token) => token.id}
        rowProps={(token) => {
          const name = token.name;
          return { "aria-label": t`API token ${name}` };
        }}
        tableClassName="min-w-[40rem]"
        empty={<Trans>No API tokens.</Trans>}
      />
      <ConfirmDialog
        open={revoking !== undefined}
        onOpenChange={(open) => !open && setRevoking(undefined)}
        title={t`Revoke API token?`}
        description={
          <Trans>
            Automations using “{tokenName}” ({maskedToken}) stop working at once. {username} can make a new token on
            their API page.
          </Trans>
        }
        confirmLabel={t`Revoke`}
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </SectionCard>
  );
}
