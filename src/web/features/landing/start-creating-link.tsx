import { Link } from "wouter";
import { ArrowRight, type LucideIcon } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";

/** The landing's call to action, "Start Creating Now" to /generate, with its own icon before the words. */
export function StartCreatingLink({ icon: Icon, className }: { icon: LucideIcon; className?: string }) {
  return (
    <Button asChild size="lg" className={className}>
      <Link href="/generate">
        <Icon aria-hidden="true" />
        <Trans>Start Creating Now</Trans>
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
