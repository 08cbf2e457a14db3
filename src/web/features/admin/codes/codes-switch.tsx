import { useLingui } from "@lingui/react/macro";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useCodesEnabled } from "./codes-api";

/**
 * Codes on or off for everyone (settings' codesEnabled), saved at once: off, no code can be
 * redeemed or applied, and the codes themselves stay as they are.
 */
export function CodesSwitch() {
  const { t } = useLingui();
  const { enabled, set, pending } = useCodesEnabled();
  return (
    <div className="flex items-center gap-3 rounded-xl border border-border bg-surface/60 px-4 py-2.5">
      <Switch
        id="codes-enabled"
        checked={enabled ?? false}
        disabled={enabled === undefined || pending}
        onCheckedChange={set}
      />
      <Label htmlFor="codes-enabled" className="text-sm">
        {enabled === false ? t`Codes are off: nobody can redeem or apply one` : t`People can redeem and apply codes`}
      </Label>
    </div>
  );
}
