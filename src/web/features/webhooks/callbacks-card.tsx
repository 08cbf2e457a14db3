import { useId, useState } from "react";
import { KeyRound, Loader2, ScrollText, ShieldCheck } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { automationApi } from "../../../shared/api/automation";
import type { RotatedWebhookSecret, WebhooksOverview } from "../../../shared/schemas/webhooks";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/features/automation";
import { formatDateTime } from "@/lib/format";
import { DeliveryLog } from "./delivery-log";
import { RotateSecretDialog } from "./rotate-secret-dialog";
import { FAST_POLL_WINDOW_MS, useRotateSecret } from "./use-webhooks";
import { WebhookSideCard } from "./webhook-side-card";

const CALLBACK_BODY = JSON.stringify(
  {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a code sample: the request body as the API takes it
    prompt: "A red fox running through fresh snow at sunrise, cinematic",
    model: "veo3_fast",
    callbackUrl: "https://n8n.example.com/webhook-waiting/123",
  },
  null,
  2,
);

/** n8n's expression for the URL its Wait node resumes on. */
const RESUME_URL = "{{$execution.resumeUrl}}";
/** The automation API's route that takes a callbackUrl. */
const GENERATE_ROUTE = `${automationApi.generate.method} ${automationApi.generate.path}`;

/**
 * Per-request callbacks: the `callbackUrl` of POST /api/n8n/generate gets that video's
 * video.completed or video.failed, signed with a secret of its own (made or rotated here).
 */
export function CallbacksCard({
  callbacks,
  onRevealed,
}: {
  callbacks: WebhooksOverview["callbacks"];
  onRevealed: (rotated: RotatedWebhookSecret) => void;
}) {
  const { t } = useLingui();
  const logId = useId();
  const resumeUrl = RESUME_URL;
  const generateRoute = GENERATE_ROUTE;
  const previousUntil = callbacks.previousSecretValidUntil ? formatDateTime(callbacks.previousSecretValidUntil) : null;
  const [confirming, setConfirming] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [fastUntil, setFastUntil] = useState(0);
  const rotate = useRotateSecret((rotated) => {
    setConfirming(false);
    onRevealed(rotated);
  });

  return (
    <WebhookSideCard
      id="callbacks-title"
      title={<Trans>Per-request callbacks</Trans>}
      description={
        <Trans>
          Add <code className="rounded bg-surface-raised px-1 py-0.5">callbackUrl</code> to a{" "}
          <code className="rounded bg-surface-raised px-1 py-0.5">{generateRoute}</code> request (such as n8n&apos;s{" "}
          <code className="rounded bg-surface-raised px-1 py-0.5">{resumeUrl}</code>) and that video&apos;s
          video.completed or video.failed event is POSTed there when it ends, retried like any webhook, instead of you
          polling its status. These deliveries are signed with their own callback secret, apart from the endpoints
          above.
        </Trans>
      }
    >
      <CodeBlock title={t`Request body with a callback`} code={CALLBACK_BODY} />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm">
          <ShieldCheck className="size-4 text-violet-300" aria-hidden="true" />
          {callbacks.hasSecret ? (
            <span>
              <Trans>A callback signing secret is set.</Trans>
              {previousUntil ? (
                <>
                  {" "}
                  <Trans>The previous one also signs until {previousUntil}.</Trans>
                </>
              ) : null}
            </span>
          ) : (
            <span>
              <Trans>
                No callback secret yet: create one before your first request with a callbackUrl, so you can verify what
                arrives.
              </Trans>
            </span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {callbacks.id !== null ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={logOpen}
              aria-controls={logId}
              onClick={() => setLogOpen((open) => !open)}
            >
              <ScrollText aria-hidden="true" />
              <Trans>Callback delivery log</Trans>
            </Button>
          ) : null}
          {callbacks.hasSecret ? (
            <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
              <KeyRound aria-hidden="true" />
              <Trans>Rotate callback secret</Trans>
            </Button>
          ) : (
            <Button type="button" size="sm" disabled={rotate.isPending} onClick={() => rotate.mutate(null)}>
              {rotate.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <KeyRound aria-hidden="true" />
              )}
              <Trans>Create callback secret</Trans>
            </Button>
          )}
        </div>
      </div>

      {logOpen && callbacks.id !== null ? (
        <div id={logId} className="min-w-0">
          <DeliveryLog
            endpointId={callbacks.id}
            label={t`Delivery log of the per-request callbacks`}
            fastUntil={fastUntil}
            onSent={() => setFastUntil(Date.now() + FAST_POLL_WINDOW_MS)}
          />
        </div>
      ) : null}

      <RotateSecretDialog
        open={confirming}
        onOpenChange={setConfirming}
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate(null)}
        what={t`your per-request callbacks`}
      />
    </WebhookSideCard>
  );
}
