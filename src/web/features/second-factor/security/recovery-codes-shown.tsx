import { Trans } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";

/** The recovery codes, shown once. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4" role="alert">
      <p className="font-medium">
        <Trans>Your recovery codes. Keep them somewhere safe: each works once, and they are not shown again.</Trans>
      </p>
      <ul className="grid grid-cols-2 gap-1 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" onClick={onDone}>
        <Trans>I have saved them</Trans>
      </Button>
    </div>
  );
}
