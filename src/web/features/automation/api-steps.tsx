import { Trans, useLingui } from "@lingui/react/macro";
import { CodeBlock } from "./code-block";
import {
  EVENTS_SAMPLE,
  eventsCurl,
  GENERATE_ANSWER,
  generateCurl,
  referenceCurl,
  STATUS_ANSWER,
  statusCurl,
} from "./curl-examples";

/** The guide's steps with curl: start a video, check it, follow it live, or be called back. */
export function ApiSteps() {
  const { t } = useLingui();
  const origin = window.location.origin;
  return (
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
          Replace TASK_ID with the taskId from the answer. The status is processing, then completed (with videoUrl, and
          hdVideoUrl once the 1080p version is ready) or failed (the message says why and that the credits were
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
          changes (status, videoUrl as resultUrls, the 1080p version) and a credits event when your balance changes. If
          it closes, reconnect; while it is unavailable, check the status as above.
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
          (retried for about 27 hours until it gets a 2xx). Webhook endpoints (below) receive the events they subscribe
          to for every video, the 1080p version and a low balance too. The URL must be https on the public internet.
        </Trans>
      </p>
    </div>
  );
}
