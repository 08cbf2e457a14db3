import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { BRAND } from "../../../../shared/brand";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { RecoveryCodesActions } from "./recovery-codes-actions";
import { recoveryCodesFileName, recoveryCodesText } from "./recovery-codes-file";
import { RecoveryCodesPrint } from "./recovery-codes-print";

/** The recovery codes, shown once: to copy, download or print before they go. */
export function RecoveryCodesShown({
  codes,
  account,
  onDone,
}: {
  codes: string[];
  /** The account's username, for the file's name and heading. */
  account: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [madeOn] = useState(() => formatDate(new Date()));
  const heading = [
    t`${BRAND} recovery codes for ${account}`,
    t`Made on ${madeOn}. Each code works once; making new codes stops these.`,
  ];
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
      <RecoveryCodesActions
        codes={codes}
        fileName={recoveryCodesFileName(account)}
        fileText={recoveryCodesText(heading, codes)}
      />
      <RecoveryCodesPrint heading={heading} codes={codes} />
      <Button type="button" variant="outline" onClick={onDone}>
        <Trans>I have saved them</Trans>
      </Button>
    </div>
  );
}
