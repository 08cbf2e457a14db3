import { Ban, CircleAlert, CircleCheck, Clock, LoaderCircle } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { statusMeta } from "./video-display";

const ICONS = { completed: CircleCheck, generating: LoaderCircle, pending: Clock, failed: CircleAlert } as const;

/** A task's status; a failed one the provider refused for its content reads "Refused" (decision 0082). */
export function StatusBadge({
  status,
  failureKind,
  className,
}: {
  status: string;
  failureKind?: string | null;
  className?: string;
}) {
  const { t } = useLingui();
  const { label, variant } = statusMeta(status, failureKind);
  const refused = status === "failed" && failureKind === "refused";
  const Icon = refused ? Ban : ((ICONS as Record<string, typeof CircleCheck>)[status] ?? Clock);
  return (
    <Badge variant={variant} className={cn("backdrop-blur", className)}>
      <Icon
        className={status === "generating" ? "animate-spin motion-reduce:animate-none" : undefined}
        aria-hidden="true"
      />
      {t(label)}
    </Badge>
  );
}
