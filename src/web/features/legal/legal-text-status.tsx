import { ExternalLink } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { LEGAL_PAGE_PATHS } from "../../../shared/legal-pages";
import type { AdminLegalText } from "../../../shared/schemas/legal";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/format";

/** Whether a legal text is still the product's starting text or when it was saved, and a link to its page. */
export function LegalTextStatus({ text }: { text: AdminLegalText }) {
  const saved = text.updatedAt ? formatDateTime(text.updatedAt) : "";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {text.startingText ? (
          <Badge variant="warning">
            <Trans>Starting text: review it before you sell</Trans>
          </Badge>
        ) : (
          <Badge variant="success">
            <Trans>Saved {saved}</Trans>
          </Badge>
        )}
        <a
          href={LEGAL_PAGE_PATHS[text.page]}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 rounded-sm text-sm text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ExternalLink className="size-3.5" aria-hidden="true" />
          <Trans>Open the page</Trans>
        </a>
      </div>
      {text.startingText ? (
        <p className="text-sm text-muted-foreground">
          <Trans>
            We wrote this text for a small business selling video credits. Read it, change what does not fit your
            business, and save it: customers see the starting text until you do.
          </Trans>
        </p>
      ) : null}
    </>
  );
}
