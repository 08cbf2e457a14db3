/**
 * One message as it went (or would have gone) out: its HTML drawn in a sandboxed frame (no
 * scripts, no navigation, no access to this page), its plain text and headers.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { LoadingState } from "@/components/ui/list-states";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useMailMessage, useRetryMail } from "./mail-api";
import { mailKindLabel, mailStatusLabel } from "./mail-labels";
import { HiddenLinks, MessageLinks } from "./message-links";

export function MailMessageBody({ id }: { id: string }) {
  const { t } = useLingui();
  const message = useMailMessage(id);
  const retry = useRetryMail();
  if (message.isPending) return <LoadingState label={t`Loading the message`} />;
  if (message.isError) {
    const reason = errorMessage(message.error);
    return <ErrorAlert error={t`The message could not be loaded: ${reason}`} />;
  }
  const m = message.data;
  const when = formatDateTime(m.createdAt);
  const kind = mailKindLabel(m.kind);
  const status = mailStatusLabel(m.status);
  return (
    <div className="grid min-w-0 gap-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t`To`}</dt>
        <dd className="break-all">{m.toAddress}</dd>
        <dt className="text-muted-foreground">{t`Written`}</dt>
        <dd>{when}</dd>
        <dt className="text-muted-foreground">{t`Kind`}</dt>
        <dd>{kind}</dd>
        <dt className="text-muted-foreground">{t`Status`}</dt>
        <dd>{status}</dd>
        {m.lastError ? (
          <>
            <dt className="text-muted-foreground">{t`Server's answer`}</dt>
            <dd className="break-words">{m.lastError}</dd>
          </>
        ) : null}
      </dl>
      {m.status === "failed" ? (
        <div>
          <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate(m.id)}>
            <RotateCcw aria-hidden="true" />
            <Trans>Send again</Trans>
          </Button>
        </div>
      ) : null}
      {m.html === null ? (
        <p className="text-muted-foreground">
          <Trans>The mail server took this message; its body is not kept (its links are secrets).</Trans>
        </p>
      ) : (
        <>
          {m.linksHidden ? <HiddenLinks id={m.id} newLink={m.newLink} /> : null}
          <MessageLinks text={m.text ?? ""} />
          <iframe
            title={t`The message as it looks`}
            sandbox=""
            srcDoc={m.html}
            className="h-[28rem] w-full rounded-lg border border-border bg-white"
          />
          <details>
            <summary className="cursor-pointer text-muted-foreground">
              <Trans>Plain text</Trans>
            </summary>
            <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-950/60 p-3 text-xs">
              {m.text}
            </pre>
          </details>
        </>
      )}
      {Object.keys(m.headers).length > 0 ? (
        <details>
          <summary className="cursor-pointer text-muted-foreground">
            <Trans>Headers</Trans>
          </summary>
          <pre className="mt-2 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-zinc-950/60 p-3 text-xs">
            {Object.entries(m.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join("\n")}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
