import type { ReactNode } from "react";
import { LoaderCircle, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import { Button } from "@/components/ui/button";

/** The sign-in or sign-up form's big submit button: its icon, or a spinner while the request is on its way. */
export function AuthSubmitButton({
  icon: Icon,
  pending,
  ready,
  className,
  children,
}: {
  icon: LucideIcon;
  pending: boolean;
  /** False while something else (the captcha) is still needed. */
  ready: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" className={cn("w-full", className)} disabled={pending || !ready}>
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
      {children}
    </Button>
  );
}
