import { Link } from "wouter";
import { CircleAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { LinkCard } from "./link-card";

/** A link page opened without its token (cut short by a mail program, or typed by hand). */
export function MissingToken({ retry }: { retry: { href: string; label: string } }) {
  const { t } = useLingui();
  return (
    <LinkCard icon={CircleAlert} title={t`This link is incomplete`}>
      <p className="text-sm text-muted-foreground">
        <Trans>Open it from the e-mail again, or ask for a new one.</Trans>
      </p>
      <Button asChild size="lg" className="w-full">
        <Link href={retry.href}>{retry.label}</Link>
      </Button>
    </LinkCard>
  );
}
