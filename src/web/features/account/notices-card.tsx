import { BellRing, LoaderCircle, RefreshCw } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { NoticePreferences } from "../../../shared/schemas/notices";
import type { NoticeField } from "../../../shared/notices";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";
import { NOTICE_NAMES } from "./notice-names";
import { useNotices, useUpdateNotices } from "./use-notices";

/** One notice's switch: its name, what sets it off, and on or off. */
function NoticeSwitch(props: {
  field: NoticeField;
  label: string;
  description: string;
  checked: boolean;
  onChange: (field: NoticeField, on: boolean) => void;
}) {
  const id = `notice-${props.field}`;
  return (
    <div className="flex items-start justify-between gap-4 py-3.5">
      <label htmlFor={id} className="min-w-0 cursor-pointer">
        <span className="block text-sm font-medium">{props.label}</span>
        <span className="mt-0.5 block text-sm text-muted-foreground">{props.description}</span>
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="mt-1 size-5 shrink-0 cursor-pointer accent-violet-500"
        checked={props.checked}
        onChange={(event) => props.onChange(props.field, event.target.checked)}
      />
    </div>
  );
}

/** Where the notices go, or why none goes yet. */
function Destination({ notices }: { notices: NoticePreferences }) {
  const { email } = notices;
  if (!email) return <Trans>Your account has no e-mail address, so no e-mail is sent.</Trans>;
  if (!notices.emailConfirmed)
    return <Trans>Your address {email} is not confirmed yet: no e-mail is sent to it until it is.</Trans>;
  return <Trans>Sent to {email}.</Trans>;
}

/** /my-account's "E-mail notices" (decision 0086): the four notices one can turn off, and what is always sent. */
export function NoticesCard() {
  const { t } = useLingui();
  const query = useNotices();
  const update = useUpdateNotices((error) =>
    toast({ title: t`Your choice was not saved`, description: errorMessage(error), variant: "destructive" }),
  );
  const notices = query.data;
  const change = (field: NoticeField, on: boolean) => update.mutate({ [field]: on });
  const below = notices?.lowBalanceBelow ?? 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-5 text-fuchsia-300" aria-hidden="true" />
          <Trans>E-mail notices</Trans>
        </CardTitle>
        <CardDescription>{notices ? <Destination notices={notices} /> : null}</CardDescription>
      </CardHeader>
      <CardContent>
        {notices ? (
          <>
            <div className="divide-y divide-border" role="group" aria-label={t`E-mail notices`}>
              <NoticeSwitch
                field="videoReady"
                label={t(NOTICE_NAMES.videoReady)}
                description={t`When a video you made on this site is ready.`}
                checked={notices.videoReady}
                onChange={change}
              />
              <NoticeSwitch
                field="videoFailed"
                label={t(NOTICE_NAMES.videoFailed)}
                description={t`When a video you made on this site could not be made, and the credits came back.`}
                checked={notices.videoFailed}
                onChange={change}
              />
              <NoticeSwitch
                field="lowBalance"
                label={t(NOTICE_NAMES.lowBalance)}
                description={plural(below, {
                  one: "When your balance falls below # credit.",
                  other: "When your balance falls below # credits.",
                })}
                checked={notices.lowBalance}
                onChange={change}
              />
              <NoticeSwitch
                field="newSignIn"
                label={t(NOTICE_NAMES.newSignIn)}
                description={t`When your account is signed in from a browser it has not used before.`}
                checked={notices.newSignIn}
                onChange={change}
              />
            </div>
            <p className="mt-3 rounded-xl border border-border bg-zinc-950/40 px-4 py-3 text-sm text-muted-foreground">
              <Trans>
                Always sent: the receipt of every payment, a new API token, and changes to your password or e-mail
                address.
              </Trans>
            </p>
          </>
        ) : query.isError ? (
          <div className="grid justify-items-start gap-3" role="alert">
            <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden="true" />
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-6" role="status" aria-label={t`Loading your notices`}>
            <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
