import { Download, FileJson, Workflow } from "lucide-react";
import { BASE64_IMAGE_TTL_HOURS, POLL_SECONDS } from "../../../shared/automation";
import { ASPECT_RATIOS, MODE_CATALOGUE, MODEL_CATALOGUE, MODELS, MODES, type GenerationMode } from "../../../shared/catalogue";
import { SEED_MAX, SEED_MIN } from "../../../shared/videos";
import { Button } from "@/components/ui/button";
import { usePricing } from "@/features/pricing";
import { CodeBlock } from "./code-block";
import { EVENTS_SAMPLE, eventsCurl, GENERATE_ANSWER, generateCurl, referenceCurl, STATUS_ANSWER, statusCurl, TOKEN_PLACEHOLDER } from "./curl-examples";

export const WORKFLOW_URL = "/api/n8n/workflow.json";
export const WEBHOOK_WORKFLOW_URL = "/api/n8n/workflow-webhook.json";
export const OPENAPI_URL = "/api/openapi.json";

/** "a, b or c". */
const orList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`);

const imageCount = (mode: GenerationMode) => {
  const { min, max } = MODE_CATALOGUE[mode].images;
  if (max === 0) return "no images";
  return `${min === max ? max : `${min}-${max}`} image${max === 1 ? "" : "s"}: ${MODE_CATALOGUE[mode].imageLabels.slice(0, max).join(", ")}`;
};

/** Each mode with its images and, when not every model makes it, its models. */
export const MODE_RULES = MODES.map((mode) => {
  const entry = MODE_CATALOGUE[mode];
  const only = entry.models.length < MODELS.length ? `; only with ${orList(entry.models)}` : "";
  return `${mode}: ${entry.description.toLowerCase()} (${imageCount(mode)}${only}).`;
});

const RULES = [
  "Write the prompt in English.",
  `model: ${orList(MODELS.map((m) => `${m} (${MODEL_CATALOGUE[m].label})`))}.`,
  `mode: ${orList(MODES)}; see the modes below. Without mode: text, or image with only the first of imageUrls used.`,
  `aspectRatio: ${orList(ASPECT_RATIOS)}. Every video also gets a 1080p version.`,
  `seeds: optional, a whole number from ${SEED_MIN} to ${SEED_MAX}, for repeatable results.`,
  "imageUrls: the mode's images in its order, each a JPG/PNG URL or base64 image data.",
  `Base64 images are stored for ${BASE64_IMAGE_TTL_HOURS} hours, then deleted.`,
  "upgrade4k: optional; true also makes the 4K version for the 4K surcharge (videoUrl4k in the status once ready; refunded if it cannot be made).",
  `Check the status every ${POLL_SECONDS.min}-${POLL_SECONDS.max} seconds until it is completed or failed.`,
];

const N8N_STEPS = [
  "Download the workflow below and import it in n8n 1.x (Workflows → Import from File).",
  'Create an "HTTP Bearer Auth" credential in n8n and paste your API token as its Bearer token.',
  'Select that credential on the two HTTP Request nodes, "Generate video" and "Check status".',
  'Edit the prompt in "Video settings" and run the workflow: it waits, checks the status and returns the video URLs.',
];

/** The automation guide (decision 0019): rules, prices, curl examples, the n8n workflow. */
export function AutomationGuide() {
  const origin = window.location.origin;
  const pricing = usePricing();

  return (
    <section aria-labelledby="guide-title" className="grid gap-8">
      <div>
        <h2 id="guide-title" className="text-2xl font-bold tracking-tight">
          Automation guide
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Make videos from n8n, Make or any HTTP client. Every request carries your token in the header{" "}
          <code className="rounded bg-surface-raised px-1.5 py-0.5 text-sm">Authorization: Bearer {TOKEN_PLACEHOLDER}</code>; credits, videos and history are
          the same as on the web, and videos made through the API show in My Creations with an API badge.
        </p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="rounded-2xl border border-border bg-surface/60 p-5">
          <h3 className="font-semibold">Rules</h3>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-muted-foreground">
            {RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <h3 className="mt-5 font-semibold">Modes</h3>
          <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-muted-foreground" aria-label="Modes">
            {MODE_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl border border-border bg-surface/60 p-5">
          <h3 className="font-semibold">API prices per 8-second video</h3>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
            {pricing.models.map((m) => (
              <div key={m.model} className="contents">
                <dt className="text-muted-foreground">
                  {m.label} ({m.model})
                </dt>
                <dd className="font-medium">{m.api} credits</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-muted-foreground">If a video fails, its credits are refunded automatically.</p>
        </div>
      </div>

      <div className="grid gap-4">
        <h3 className="font-semibold">1. Start a video</h3>
        <CodeBlock title="Generate with curl" code={generateCurl(origin)} />
        <CodeBlock title="Generate from reference images with curl" code={referenceCurl(origin)} />
        <p className="text-sm text-muted-foreground">
          Send an Idempotency-Key (any unique text, up to 255 characters) and retry with the same key when a request times out: within 24 hours the same key and
          body get the first answer again (with the header Idempotent-Replayed: true), never a second video or charge. The same key with a different body is
          refused (422).
        </p>
        <CodeBlock title="Answer" code={GENERATE_ANSWER} />
        <h3 className="font-semibold">2. Check its status</h3>
        <p className="text-sm text-muted-foreground">
          Replace TASK_ID with the taskId from the answer. The status is processing, then completed (with videoUrl, and hdVideoUrl once the 1080p version is
          ready) or failed (the message says why and that the credits were refunded).
        </p>
        <CodeBlock title="Status with curl" code={statusCurl(origin)} />
        <CodeBlock title="Answer when completed" code={STATUS_ANSWER} />
        <h3 className="font-semibold">3. Or follow your videos live (optional)</h3>
        <p className="text-sm text-muted-foreground">
          Instead of checking, keep one connection open to the event stream: it sends a task event the moment a video changes (status, videoUrl as resultUrls,
          the 1080p version) and a credits event when your balance changes. If it closes, reconnect; while it is unavailable, check the status as above.
        </p>
        <CodeBlock title="Live events with curl" code={eventsCurl(origin)} />
        <CodeBlock title="Events as they arrive" code={EVENTS_SAMPLE} />
        <h3 className="font-semibold">4. Or be called back (no checking at all)</h3>
        <p className="text-sm text-muted-foreground">
          Add &quot;callbackUrl&quot;: &quot;https://…&quot; to the generate request: when the video ends, a signed video.completed or video.failed event is
          POSTed there, with the same fields as the status answer under data (retried for about 27 hours until it gets a 2xx). Webhook endpoints (below) receive
          the events they subscribe to for every video, the 1080p version and a low balance too. The URL must be https on the public internet.
        </p>
      </div>

      <div className="rounded-2xl border border-border bg-surface/60 p-5">
        <h3 className="flex items-center gap-2 font-semibold">
          <Workflow className="size-4 text-violet-300" aria-hidden="true" />
          Ready-made n8n workflow
        </h3>
        <p className="mt-2 text-sm text-muted-foreground">
          Two versions: one checks the status every 20 seconds; the other waits for the callback (a Wait node on $execution.resumeUrl) and never polls. The
          second needs n8n reachable from the internet over https (set n8n&apos;s WEBHOOK_URL to its public address); then select the credential on
          &quot;Generate video&quot; only.
        </p>
        <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm text-muted-foreground">
          {N8N_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button asChild>
            <a href={WORKFLOW_URL} download="veo-studio-n8n-workflow.json">
              <Download aria-hidden="true" />
              Download n8n workflow
            </a>
          </Button>
          <Button asChild variant="outline" className="h-auto min-h-10 shrink whitespace-normal py-2">
            <a href={WEBHOOK_WORKFLOW_URL} download="veo-studio-n8n-workflow-webhook.json">
              <Download aria-hidden="true" />
              n8n workflow (wait for webhook, no polling)
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={OPENAPI_URL} target="_blank" rel="noreferrer">
              <FileJson aria-hidden="true" />
              OpenAPI document
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
