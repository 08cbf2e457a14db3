import { LoaderCircle } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { LinkCard } from "./link-card";

/** A link's card while its check or use is on its way: what is being done, and "One moment." */
export function LinkPending({ title }: { title: string }) {
  return (
    <LinkCard icon={LoaderCircle} title={title}>
      <p role="status" className="text-sm text-muted-foreground">
        <Trans>One moment.</Trans>
      </p>
    </LinkCard>
  );
}
