import type { ReactNode } from "react";
import { Download, LoaderCircle } from "lucide-react";
import { Trans } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { useDownloadMyData } from "./leaving-api";

/**
 * "Your data" on /my-account (decision 0087): download everything as a JSON file, or delete the
 * account. `googleRecheck` (from the auth feature; the page passes it in) is the fresh Google
 * sign-in an account without a password confirms with.
 */
export function YourDataCard({ user, googleRecheck }: { user: CurrentUser; googleRecheck?: ReactNode }) {
  const download = useDownloadMyData();
  return (
    <Card role="region" className="lg:col-span-2" aria-labelledby="your-data-title">
      <CardHeader>
        <CardTitle id="your-data-title">
          <Trans>Your data</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Take a copy of everything we hold about you: your profile, credit history, videos with links to their files,
            payments, API token names and webhooks. Or delete your account.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          <Trans>Download my data</Trans>
        </Button>
        <DeleteAccountDialog user={user} googleRecheck={googleRecheck} />
      </CardContent>
    </Card>
  );
}
