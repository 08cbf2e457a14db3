import { CircleAlert, CircleCheck, Clock, LoaderCircle } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { statusMeta } from "./video-display";

const ICONS = { completed: CircleCheck, generating: LoaderCircle, pending: Clock, failed: CircleAlert } as const;

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useLingui();
  const { label, variant } = statusMeta(status);
  const Icon = (ICONS as Record<string, typeof CircleCheck>)[status] ?? Clock;
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
