/**
 * One message as it went (or would have gone) out: its HTML drawn in a sandboxed frame (no
 * scripts, no navigation, no access to this page), its plain text and headers.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle, RotateCcw, Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useMailMessage, useRetryMail, useSendNewLink } from "./mail-api";
import { mailKindLabel, mailStatusLabel } from "./mail-labels";

/** Every link of a message (from its plain text), without repeats, but those whose secret is hidden. */
function linksOf(text: string): string[] {
  const links = text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  return [...new Set(links.filter((href) => !/[?&]token=hidden\b/.test(href)))];
}

/** The message's links, to open: the frame above runs sandboxed, so its links go nowhere. */
function MessageLinks({ text }: { text: string }) {
  const { t } = useLingui();
  const links = linksOf(text);
  if (links.length === 0) return null;
  return (
    <section aria-label={t`Links in this message`} className="grid gap-1">
      <h3 className="text-muted-foreground">
        <Trans>Links in this message</Trans>
      </h3>
      <ul className="grid gap-1">
        {links.map((href) => (
          <li key={href} className="break-all">
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {href}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A reset or confirmation link is hidden here (decision 0130): whoever read it could use it. The
 * admin has a new one sent to the account's own address instead.
 */
function HiddenLinks({ id, newLink }: { id: string; newLink: boolean }) {
  const send = useSendNewLink();
  return (
    <div className="grid gap-2 rounded-lg border border-border p-3">
      <p className="text-muted-foreground">
        <Trans>
          This message's sign-in and confirmation links are hidden: anyone who read them could use them. Only the
          person's own mailbox gets a working link.
        </Trans>
      </p>
      {newLink ? (
        <div>
          <Button variant="outline" size="sm" disabled={send.isPending} onClick={() => send.mutate(id)}>
            <Send aria-hidden="true" />
            <Trans>Send a new link</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Body({ id }: { id: string }) {
  const { t } = useLingui();
  const message = useMailMessage(id);
  const retry = useRetryMail();
  if (message.isPending)
    return (
      <div className="flex justify-center py-8" role="status" aria-label={t`Loading the message`}>
        <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
      </div>
    );
  if (message.isError) {
    const reason = errorMessage(message.error);
    return (
      <p role="alert" className="text-sm text-red-400">
        <Trans>The message could not be loaded: {reason}</Trans>
      </p>
    );
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

export function MailMessageDialog({ id, subject, onClose }: { id: string; subject: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle className="break-words">{subject}</DialogTitle>
          <DialogDescription>
            <Trans>What the person received, or would have with a mail server.</Trans>
          </DialogDescription>
        </DialogHeader>
        <Body id={id} />
      </DialogContent>
    </Dialog>
  );
}
