import type { ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * A settings card's submit button, at the right end of its own row: "Saving..." while the save
 * runs, otherwise the card's own words ("Save Mail Settings"). `children` go before it (a Test button).
 */
export function SaveButton({
  pending,
  label,
  icon,
  size,
  children,
}: {
  pending: boolean;
  label: ReactNode;
  /** An icon drawn before the words, hidden from screen readers by its caller. */
  icon?: ReactNode;
  size?: ButtonProps["size"];
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {children}
      <Button type="submit" size={size} disabled={pending}>
        {icon}
        {pending ? <Trans>Saving...</Trans> : label}
      </Button>
    </div>
  );
}
