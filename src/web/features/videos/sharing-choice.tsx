import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SharingView } from "../../../shared/schemas/videos";
import { cn } from "@/lib/cn";

/** Who may watch a video: its owner, anyone with its link, or everyone in Explore (decision 0165). */
export type Audience = "private" | "unlisted" | "explore";

/** One of the sharing choices: a checkbox that follows the server's answer. */
export function SharingCheckbox({
  checked,
  disabled,
  onChange,
  className,
  children,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn("flex cursor-pointer items-center gap-2.5 text-sm", className)}>
      <input
        type="checkbox"
        className="size-4 accent-violet-500"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

/**
 * Private, Unlisted (its link) or Public in Explore, as radio buttons; under them what Explore made
 * of it: waiting for an admin's approval, or taken off by one.
 */
export function SharingChoice({
  value,
  explore,
  disabled,
  onChange,
}: {
  value: Audience;
  explore: SharingView["explore"];
  disabled: boolean;
  onChange: (audience: Audience) => void;
}) {
  const { t } = useLingui();
  const choices: { value: Audience; label: string; hint: string }[] = [
    { value: "private", label: t`Private`, hint: t`Only you can watch it.` },
    { value: "unlisted", label: t`Unlisted`, hint: t`Anyone with the link can watch it.` },
    { value: "explore", label: t`Public in Explore`, hint: t`Everyone can find it in Explore and remix it.` },
  ];
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">
        <Trans>Who can watch</Trans>
      </legend>
      {/* Side by side where there is room: the dialog's actions stay on the first screen. */}
      <div className="grid gap-2 sm:grid-cols-3 sm:gap-3">
        {choices.map((choice) => (
          <div key={choice.value} className="flex items-start gap-2.5 text-sm">
            <input
              id={`audience-${choice.value}`}
              type="radio"
              name="video-audience"
              value={choice.value}
              className="mt-0.5 size-4 accent-violet-500"
              checked={value === choice.value}
              aria-describedby={`audience-${choice.value}-hint`}
              onChange={() => onChange(choice.value)}
            />
            <span>
              <label htmlFor={`audience-${choice.value}`} className="cursor-pointer font-medium">
                {choice.label}
              </label>
              <span id={`audience-${choice.value}-hint`} className="block text-xs text-muted-foreground">
                {choice.hint}
              </span>
            </span>
          </div>
        ))}
      </div>
      {value === "explore" && explore === "pending" ? (
        <p role="status" className="rounded-md bg-amber-500/10 px-3 py-2 text-xs text-amber-200">
          <Trans>Waiting for approval: it appears in Explore once an admin approves it.</Trans>
        </p>
      ) : null}
      {explore === "hidden" ? (
        <p role="status" className="rounded-md bg-red-500/10 px-3 py-2 text-xs text-red-200">
          <Trans>An admin took it off Explore. Its link still works while it is shared.</Trans>
        </p>
      ) : null}
    </fieldset>
  );
}
