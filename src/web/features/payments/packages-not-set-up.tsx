import { Link } from "wouter";
import { PackageOpen, Settings } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import { settingsHref } from "../../../shared/settings-sections";
import { Button } from "@/components/ui/button";

/**
 * In place of the packages when the server has none yet (a fresh install): nothing is broken and
 * nothing can be bought. An admin is shown where to add them.
 */
export function PackagesNotSetUp({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div
      className="grid justify-items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-10 text-center"
      role="status"
    >
      <PackageOpen className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">
        <Trans>Credit packages are not set up yet.</Trans>
      </p>
      {isAdmin ? (
        <Button asChild variant="secondary" size="sm">
          <Link href={settingsHref("packages-title")}>
            <Settings aria-hidden="true" />
            <Trans>Add packages in Admin → Settings</Trans>
          </Link>
        </Button>
      ) : (
        <p className="max-w-md text-sm text-muted-foreground">
          <Trans>Credits cannot be bought yet. Please check back soon.</Trans>
        </p>
      )}
    </div>
  );
}
