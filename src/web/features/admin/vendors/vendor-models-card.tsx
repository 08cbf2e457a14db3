import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil } from "lucide-react";
import type { VendorModelMapping } from "../../../../shared/schemas/admin-vendor-models";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QueryState } from "@/components/ui/query-state";
import { SectionCard } from "@/components/ui/section-card";
import { vendorLabel } from "./account-vendors";
import { VendorModelDialog } from "./vendor-model-dialog";
import { useVendorModels } from "./vendor-models-api";
import { CheckResult, stateLabel } from "./vendor-model-text";

const VENDOR_MODELS_ANCHOR = "vendor-models-title";

function MappingRow({ m, hidden, onEdit }: { m: VendorModelMapping; hidden: boolean; onEdit: () => void }) {
  const { t } = useLingui();
  const vendor = vendorLabel(m.vendor);
  const model = m.modelLabel;
  const fallback = m.defaultVendorModelId;
  return (
    <li className="grid gap-3 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center" aria-label={t`${model} at ${vendor}`}>
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {model}
          <Badge variant="secondary">{vendor}</Badge>
          {m.state === "active" ? null : (
            <Badge variant={m.state === "deactivated" ? "destructive" : "warning"}>{stateLabel(m.state)}</Badge>
          )}
          {m.usable ? (
            <Badge variant="success">
              <Trans>Usable</Trans>
            </Badge>
          ) : (
            <Badge variant="destructive">
              <Trans>Not usable</Trans>
            </Badge>
          )}
        </p>
        <p className="min-w-0 text-sm">
          <code className="break-all font-mono text-xs">{m.vendorModelId}</code>{" "}
          <span className="text-xs text-muted-foreground">
            {m.vendorModelId === fallback ? <Trans>(default)</Trans> : <Trans>(default: {fallback})</Trans>}
          </span>
        </p>
        <CheckResult check={m.check} />
        {hidden ? (
          <p className="text-xs font-medium text-red-300">
            <Trans>No vendor can make {model} now: it is hidden from customers.</Trans>
          </p>
        ) : null}
      </div>
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={t`Edit ${model} at ${vendor}`}>
        <Pencil aria-hidden="true" />
        <Trans>Edit</Trans>
      </Button>
    </li>
  );
}

/**
 * Each catalogue model's id at each vendor (issue 74 §1, decision 0174): the id in force beside its
 * default, the state, the last check with the vendor, and whether failover may use it. A model with
 * no usable mapping at any vendor is hidden from customers, and each of its rows says so.
 */
export function VendorModelsCard() {
  const { t } = useLingui();
  const query = useVendorModels();
  const [editing, setEditing] = useState<VendorModelMapping>();
  const noneUsable = new Set(
    (query.data ?? [])
      .map((m) => m.model)
      .filter((model) => !(query.data ?? []).some((m) => m.model === model && m.usable)),
  );

  return (
    <SectionCard
      id={VENDOR_MODELS_ANCHOR}
      title={t`Model ids`}
      description={t`The id each vendor knows a model by. Change one when a vendor retires it: the next video uses the new id. Each id is checked with the vendor when saved and once a day.`}
    >
      <QueryState query={query} what={t`model ids`} empty={t`No models to map.`}>
        {(mappings) => (
          <ul className="divide-y divide-border rounded-xl border border-border">
            {mappings.map((m) => (
              <MappingRow
                key={`${m.model}-${m.vendor}`}
                m={m}
                hidden={noneUsable.has(m.model)}
                onEdit={() => setEditing(m)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {editing ? (
        <VendorModelDialog
          key={`${editing.model}-${editing.vendor}`}
          mapping={editing}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
        />
      ) : null}
    </SectionCard>
  );
}
