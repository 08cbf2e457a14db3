import { Download, FileJson, Workflow } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { automationApi } from "../../../shared/api/automation";
import { Button } from "@/components/ui/button";
import { urlFor } from "@/lib/api";

const WORKFLOW_URL = urlFor(automationApi.workflow);
const WEBHOOK_WORKFLOW_URL = urlFor(automationApi.webhookWorkflow);
const OPENAPI_URL = urlFor(automationApi.openapi);

const N8N_STEPS = [
  msg`Download the workflow below and import it in n8n 1.x (Workflows → Import from File).`,
  msg`Create an "HTTP Bearer Auth" credential in n8n and paste your API token as its Bearer token.`,
  msg`Select that credential on the two HTTP Request nodes, "Generate video" and "Check status".`,
  msg`Edit the prompt in "Video settings" and run the workflow: it waits, checks the status and returns the video URLs.`,
];

/** The ready-made n8n workflows (polling, or waiting for the callback), how to set them up, and the OpenAPI document. */
export function N8nWorkflowCard() {
  const { t } = useLingui();
  return (
    <div className="rounded-2xl border border-border bg-surface/60 p-5">
      <h3 className="flex items-center gap-2 font-semibold">
        <Workflow className="size-4 text-violet-300" aria-hidden="true" />
        <Trans>Ready-made n8n workflow</Trans>
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">
        <Trans>
          Two versions: one checks the status every 20 seconds; the other waits for the callback (a Wait node on
          $execution.resumeUrl) and never polls. The second needs n8n reachable from the internet over https (set
          n8n&apos;s WEBHOOK_URL to its public address); then select the credential on &quot;Generate video&quot; only.
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
  );
}
