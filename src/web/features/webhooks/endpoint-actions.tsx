import type { ComponentProps, ReactNode } from "react";
import { KeyRound, Loader2, Pencil, PowerOff, ScrollText, Send, Trash2 } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";

/** One of an endpoint's small outline buttons; `label` names the endpoint too, for screen readers. */
function ActionButton({
  label,
  icon,
  children,
  ...props
}: { label: string; icon: ReactNode; children: ReactNode } & Omit<ComponentProps<typeof Button>, "aria-label">) {
  return (
    <Button type="button" variant="outline" size="sm" aria-label={label} {...props}>
      {icon}
      {children}
    </Button>
  );
}

/** The row of what can be done to an endpoint, in this order: test, log, edit, disable, rotate, delete. */
export function EndpointActions({
  name,
  enabled,
  logOpen,
  logId,
  sendingTest,
  switching,
  onSendTest,
  onToggleLog,
  onEdit,
  onDisable,
  onRotate,
  onDelete,
}: {
  /** The endpoint as the buttons name it: its description, or its URL. */
  name: string;
  enabled: boolean;
  logOpen: boolean;
  /** The id of the delivery log the log button shows and hides. */
  logId: string;
  sendingTest: boolean;
  switching: boolean;
  onSendTest: () => void;
  onToggleLog: () => void;
  onEdit: () => void;
  onDisable: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap gap-2">
      <ActionButton
        label={t`Send test event: ${name}`}
        icon={sendingTest ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        disabled={!enabled || sendingTest}
        onClick={onSendTest}
      >
        <Trans>Send test event</Trans>
      </ActionButton>
      <ActionButton
        label={t`Delivery log: ${name}`}
        icon={<ScrollText aria-hidden="true" />}
        aria-expanded={logOpen}
        aria-controls={logId}
        onClick={onToggleLog}
      >
        <Trans>Delivery log</Trans>
      </ActionButton>
      <ActionButton label={t`Edit: ${name}`} icon={<Pencil aria-hidden="true" />} onClick={onEdit}>
        <Trans>Edit</Trans>
      </ActionButton>
      {enabled ? (
        <ActionButton
          label={t`Disable: ${name}`}
          icon={<PowerOff aria-hidden="true" />}
          disabled={switching}
          onClick={onDisable}
        >
          <Trans>Disable</Trans>
        </ActionButton>
      ) : null}
      <ActionButton label={t`Rotate secret: ${name}`} icon={<KeyRound aria-hidden="true" />} onClick={onRotate}>
        <Trans>Rotate secret</Trans>
      </ActionButton>
      <ActionButton label={t`Delete: ${name}`} icon={<Trash2 aria-hidden="true" />} onClick={onDelete}>
        <Trans>Delete</Trans>
      </ActionButton>
    </div>
  );
}
