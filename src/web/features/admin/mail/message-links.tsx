/**
 * The links of a message in the Mail tab: those to open (its frame is sandboxed, so its own links
 * go nowhere), or the notice that its sign-in links are hidden.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useSendNewLink } from "./mail-api";

/** Every link of a message (from its plain text), without repeats, but those whose secret is hidden. */
function linksOf(text: string): string[] {
  const links = text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  return [...new Set(links.filter((href) => !/[?&]token=hidden\b/.test(href)))];
}

/** The message's links, to open: the frame above runs sandboxed, so its links go nowhere. */
export function MessageLinks({ text }: { text: string }) {
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
export function HiddenLinks({ id, newLink }: { id: string; newLink: boolean }) {
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
