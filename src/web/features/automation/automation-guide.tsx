import { Download, FileJson, Workflow } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { automationApi } from "../../../shared/api/automation";
import { Button } from "@/components/ui/button";
import { usePricing } from "@/features/pricing";
import { urlFor } from "@/lib/api";
import { modelLabel } from "@/lib/catalogue-text";
import { CodeBlock } from "./code-block";
import {
  EVENTS_SAMPLE,
  eventsCurl,
  GENERATE_ANSWER,
  generateCurl,
  referenceCurl,
  STATUS_ANSWER,
  statusCurl,
  TOKEN_PLACEHOLDER,
} from "./curl-examples";
import { guideRules, modeRules } from "./guide-rules";

const WORKFLOW_URL = urlFor(automationApi.workflow);
const WEBHOOK_WORKFLOW_URL = urlFor(automationApi.webhookWorkflow);
const OPENAPI_URL = urlFor(automationApi.openapi);

/** An HTTP header, the same in every language. */
const AUTH_HEADER = `Authorization: Bearer ${TOKEN_PLACEHOLDER}`;

const N8N_STEPS = [
  msg`Download the workflow below and import it in n8n 1.x (Workflows → Import from File).`,
  msg`Create an "HTTP Bearer Auth" credential in n8n and paste your API token as its Bearer token.`,
  msg`Select that credential on the two HTTP Request nodes, "Generate video" and "Check status".`,
  msg`Edit the prompt in "Video settings" and run the workflow: it waits, checks the status and returns the video URLs.`,
];

/** The automation guide (decision 0019): rules, prices, curl examples, the n8n workflow. */
export function AutomationGuide() {
  const { t } = useLingui();
  const origin = window.location.origin;
  const pricing = usePricing();
  const header = AUTH_HEADER;

  return (
    <section aria-labelledby="guide-title" className="grid gap-8">
      <div>
        <h2 id="guide-title" className="text-2xl font-bold tracking-tight">
          <Trans>Automation guide</Trans>
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          <Trans>
            Make videos from n8n, Make or any HTTP client. Every request carries your token in the header{" "}
            <code className="rounded bg-surface-raised px-1.5 py-0.5 text-sm">{header}</code>; credits, videos and
            history are the same as on the web, and videos made through the API show in My Creations with an API badge.
          </Trans>
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-2xl border border-border bg-surface/60 p-5">
          <h3 className="font-semibold">
            <Trans>Rules</Trans>
          </h3>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
            {guideRules().map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <h3 className="mt-5 font-semibold">
            <Trans>Modes</Trans>
          </h3>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-muted-foreground" aria-label={t`Modes`}>
            {modeRules().map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-border bg-surface/60 p-5">
          <h3 className="font-semibold">
            <Trans>API prices per video, with each model's default options</Trans>
          </h3>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
            {pricing.models.map(({ model, api }) => (
              <div key={model} className="contents">
                <dt className="text-muted-foreground">
                  {modelLabel(model)} ({model})
                </dt>
                <dd className="font-medium">
                  <Plural value={api} one="# credit" other="# credits" />
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-muted-foreground">
            <Trans>If a video fails, its credits are refunded automatically.</Trans>
          </p>
          <p className="mt-2 text-xs text-muted-foreground" data-testid="web-price-note">
            <Trans>
              The lower web prices are for the web app only: scripts and automations use an API token and pay the API
              prices. Signing in with a password from a script to pay the web prices is not allowed.
            </Trans>
          </p>
        </div>
      </div>

      <div className="grid gap-4">
        <h3 className="font-semibold">
          <Trans>1. Start a video</Trans>
        </h3>
        <CodeBlock title={t`Generate with curl`} code={generateCurl(origin)} />
        <CodeBlock title={t`Generate from reference images with curl`} code={referenceCurl(origin)} />
        <p className="text-sm text-muted-foreground">
          <Trans>
            Send an Idempotency-Key (any unique text, up to 255 characters) and retry with the same key when a request
            times out: within 24 hours the same key and body get the first answer again (with the header
            Idempotent-Replayed: true), never a second video or charge. The same key with a different body is refused
            (422).
          </Trans>
        </p>
        <CodeBlock title={t`Answer`} code={GENERATE_ANSWER} />
        <h3 className="font-semibold">
          <Trans>2. Check its status</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Replace TASK_ID with the taskId from the answer. The status is processing, then completed (with videoUrl,
            and hdVideoUrl once the 1080p version is ready) or failed (the message says why and that the credits were
            refunded).
          </Trans>
        </p>
        <CodeBlock title={t`Status with curl`} code={statusCurl(origin)} />
        <CodeBlock title={t`Answer when completed`} code={STATUS_ANSWER} />
        <h3 className="font-semibold">
          <Trans>3. Or follow your videos live (optional)</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Instead of checking, keep one connection open to the event stream: it sends a task event the moment a video
            changes (status, videoUrl as resultUrls, the 1080p version) and a credits event when your balance changes.
            If it closes, reconnect; while it is unavailable, check the status as above.
          </Trans>
        </p>
        <CodeBlock title={t`Live events with curl`} code={eventsCurl(origin)} />
        <CodeBlock title={t`Events as they arrive`} code={EVENTS_SAMPLE} />
        <h3 className="font-semibold">
          <Trans>4. Or be called back (no checking at all)</Trans>
        </h3>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Add &quot;callbackUrl&quot;: &quot;https://…&quot; to the generate request: when the video ends, a signed
            video.completed or video.failed event is POSTed there, with the same fields as the status answer under data
            (retried for about 27 hours until it gets a 2xx). Webhook endpoints (below) receive the events they
            subscribe to for every video, the 1080p version and a low balance too. The URL must be https on the public
            internet.
          </Trans>
        </p>
      </div>

      <div className="rounded-2xl border border-border bg-surface/60 p-5">
        <h3 className="flex items-center gap-2 font-semibold">
          <Workflow className="size-4 text-violet-300" aria-hidden="true" />
          <Trans>Ready-made n8n workflow</Trans>
        </h3>
        <p className="mt-2 text-sm text-muted-foreground">
          <Trans>
            Two versions: one checks the status every 20 seconds; the other waits for the callback (a Wait node on
            $execution.resumeUrl) and never polls. The second needs n8n reachable from the internet over https (set
            n8n&apos;s WEBHOOK_URL to its public address); then select the credential on &quot;Generate video&quot;
            only.
          </Trans>
        </p>
        <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
          {N8N_STEPS.map((step) => {
            const text = t(step);
            return <li key={text}>{text}</li>;
          })}
        </ol>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button asChild>
            <a href={WORKFLOW_URL} download="veo-studio-n8n-workflow.json">
              <Download aria-hidden="true" />
              <Trans>Download n8n workflow</Trans>
            </a>
          </Button>
          <Button asChild variant="outline" className="h-auto min-h-10 shrink whitespace-normal py-2">
            <a href={WEBHOOK_WORKFLOW_URL} download="veo-studio-n8n-workflow-webhook.json">
              <Download aria-hidden="true" />
              <Trans>n8n workflow (wait for webhook, no polling)</Trans>
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
              <FileJson aria-hidden="true" />
              <Trans>OpenAPI document</Trans>
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
