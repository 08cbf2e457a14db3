import { useState } from "react";
import { Plus, Webhook } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  MAX_WEBHOOK_ENDPOINTS,
  type CreatedWebhookEndpoint,
  type RotatedWebhookSecret,
  type UpdateWebhookEndpointInput,
  type WebhookEndpointView,
} from "../../../shared/schemas/webhooks";
import { PageLoading } from "@/components/ui/page-loading";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { CallbacksCard } from "./callbacks-card";
import { EndpointCard } from "./endpoint-card";
import { EndpointFormDialog, type EndpointFormValues } from "./endpoint-form-dialog";
import { LowCreditsCard } from "./low-credits-card";
import { SecretRevealDialog, type RevealedSecret } from "./secret-reveal-dialog";
import { useCreateEndpoint, useUpdateEndpoint, useWebhooks } from "./use-webhooks";
import { VerifySignature } from "./verify-signature";

/** What an edit changes (nothing when the form was saved as it was). */
function changesOf(endpoint: WebhookEndpointView, values: EndpointFormValues): UpdateWebhookEndpointInput {
  const changes: UpdateWebhookEndpointInput = {};
  if (values.url !== endpoint.url) changes.url = values.url;
  if (values.description !== endpoint.description) changes.description = values.description;
  const sameEvents =
    values.events.length === endpoint.events.length && values.events.every((e) => endpoint.events.includes(e));
  if (!sameEvents) changes.events = values.events;
  return changes;
}

/** Webhooks (decision 0047): endpoints with their logs, the per-request callbacks, the low balance alert, how to verify. */
export function WebhooksSection() {
  const { t } = useLingui();
  const overview = useWebhooks();
  const [form, setForm] = useState<{ endpoint: WebhookEndpointView | null } | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const create = useCreateEndpoint((created: CreatedWebhookEndpoint) => {
    const { url } = created.endpoint;
    setForm(null);
    setRevealed({
      title: t`Your endpoint's signing secret`,
      description: t`Deliveries to ${url} are signed with it. Give it to your receiver to verify them.`,
      secret: created.secret,
      previousSecretValidUntil: null,
    });
  });
  const update = useUpdateEndpoint(() => setForm(null));
  const revealRotated = (what: string) => (rotated: RotatedWebhookSecret) =>
    setRevealed({ title: t`New signing secret`, description: t`The new secret for ${what}.`, ...rotated });

  async function submit(values: EndpointFormValues) {
    const editing = form?.endpoint;
    if (!editing) return create.mutateAsync(values);
    const changes = changesOf(editing, values);
    if (Object.keys(changes).length === 0) return setForm(null);
    return update.mutateAsync({ id: editing.id, changes });
  }

  const endpoints = overview.data?.endpoints ?? [];
  const full = endpoints.length >= MAX_WEBHOOK_ENDPOINTS;
  const maxEndpoints = MAX_WEBHOOK_ENDPOINTS;
  const problem = overview.isError ? errorMessage(overview.error) : "";

  return (
    <section aria-labelledby="webhooks-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="webhooks-title" className="text-2xl font-bold tracking-tight">
            <Trans>Webhooks</Trans>
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            <Trans>
              Get an HTTPS POST the moment a video is ready, fails or gets its 1080p version, or your balance runs low,
              instead of polling. Each endpoint has its own signing secret, shown once.
            </Trans>
          </p>
        </div>
        <Button type="button" disabled={!overview.data || full} onClick={() => setForm({ endpoint: null })}>
          <Plus aria-hidden="true" />
          <Trans>Add endpoint</Trans>
        </Button>
      </div>

      {overview.isPending ? (
        <PageLoading label={t`Loading webhooks`} />
      ) : overview.isError ? (
        <p role="alert" className="rounded-xl border border-red-500/30 bg-red-500/10 p-4 text-sm text-red-200">
          <Trans>Your webhooks could not be loaded: {problem}</Trans>
        </p>
      ) : (
        <>
          {endpoints.length > 0 ? (
            <ul className="grid gap-3" aria-label={t`Your webhook endpoints`}>
              {endpoints.map((endpoint) => (
                <EndpointCard
                  key={endpoint.id}
                  endpoint={endpoint}
                  onEdit={(e) => setForm({ endpoint: e })}
                  onRotated={revealRotated(endpoint.description || endpoint.url)}
                />
              ))}
            </ul>
          ) : (
            <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border p-8 text-center">
              <Webhook className="size-8 text-violet-300" aria-hidden="true" />
              <p className="font-semibold">
                <Trans>No webhook endpoints yet</Trans>
              </p>
              <p className="max-w-md text-sm text-muted-foreground">
                <Trans>Add one to have events sent to n8n, Make or your own server.</Trans>
              </p>
            </div>
          )}
          {full ? (
            <p className="text-sm text-muted-foreground">
              <Trans>You have the most endpoints allowed ({maxEndpoints}); delete one to add another.</Trans>
            </p>
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2">
            <CallbacksCard
              callbacks={overview.data.callbacks}
              onRevealed={revealRotated(t`your per-request callbacks`)}
            />
            <LowCreditsCard threshold={overview.data.lowCreditsThreshold} />
          </div>
          <VerifySignature />
        </>
      )}

      <EndpointFormDialog
        endpoint={form?.endpoint ?? null}
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        allowsLocal={overview.data?.allowsLocal ?? false}
        onSubmit={submit}
      />
      <SecretRevealDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </section>
  );
}
