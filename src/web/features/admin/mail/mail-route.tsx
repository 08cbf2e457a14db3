import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import { useMailStatus } from "./mail-api";

const linkClassName =
  "rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Where mail goes now, in one line. */
export function MailRoute() {
  const status = useMailStatus();
  if (!status.data) return null;
  const { source, host, from } = status.data;
  return (
    <p className="rounded-lg border border-border bg-zinc-950/40 p-3 text-sm" role="status">
      {source === "none" ? (
        <Trans>
          No mail server is set: messages stay in the local outbox, where you can read them on the{" "}
          <Link href="/admin/mail" className={linkClassName}>
            Mail
          </Link>{" "}
          tab.
        </Trans>
      ) : source === "environment" ? (
        <Trans>
          Mail goes through {host} (SMTP_URL), from {from}.
        </Trans>
      ) : (
        <Trans>
          Mail goes through {host}, from {from}.
        </Trans>
      )}
    </p>
  );
}
