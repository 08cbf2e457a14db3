import type { ComponentProps } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

const TONES = {
  warning: { boxClassName: "border-amber-500/30 bg-amber-500/10", iconClassName: "text-amber-300" },
  danger: { boxClassName: "border-red-500/40 bg-red-500/10", iconClassName: "text-red-300" },
} as const;

export interface CalloutProps extends ComponentProps<"div"> {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  /** Added to the icon's classes (e.g. a smaller size). */
  iconClassName?: string;
}

/**
 * A tinted box that tells of something in the way (a warning, a block): an icon, then its words
 * and any action. Give it role "alert" or "note" as fits; `className` adds room or other colours.
 */
export function Callout({ icon: Icon, tone, iconClassName, className, children, ...props }: CalloutProps) {
  return (
    <div className={cn("flex gap-3 rounded-xl border p-4 text-sm", TONES[tone].boxClassName, className)} {...props}>
      <Icon className={cn("mt-0.5 size-5 shrink-0", TONES[tone].iconClassName, iconClassName)} aria-hidden="true" />
      {children}
    </div>
  );
}
