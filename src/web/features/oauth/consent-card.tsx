import { useState } from "react";
import { Link } from "wouter";
import { BadgeCheck, Bot, Loader2, TriangleAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { OAuthAuthorizeRequest, OAuthConsent, OAuthScope } from "../../../shared/schemas/oauth";
import { Button } from "@/components/ui/button";
import { Callout } from "@/components/ui/callout";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ErrorAlert } from "@/components/ui/error-alert";
import { SCOPE_TEXT } from "./scope-text";
import { useDecideConsent } from "./use-oauth";

/** The host of a client_id that is a URL (a Client ID Metadata Document's address). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The consent card (decision 0170): who asks, where the person goes back, how sure the name is,
 * what to allow (reading always; spending on by default), Allow or Cancel. Either answer sends the
 * browser back to the app through `leave`.
 */
export function ConsentCard({
  request,
  consent,
  username,
  leave,
}: {
  request: OAuthAuthorizeRequest;
  consent: OAuthConsent;
  username: string;
  leave: (url: string) => void;
}) {
  const { t } = useLingui();
  const { client, scopes } = consent;
  const name = client.name;
  const redirectHost = client.redirectHost;
  const clientHost = hostOf(client.id);
  const [chosen, setChosen] = useState<ReadonlySet<OAuthScope>>(() => new Set(scopes.map((scope) => scope.id)));
  const decide = useDecideConsent(leave);
  const [answer, setAnswer] = useState<boolean>();
  // Once answered, the browser is on its way back to the app: nothing more to press.
  const busy = decide.isPending || decide.isSuccess;

  function send(approve: boolean) {
    setAnswer(approve);
    // Reading is what every connection needs: it is always part of an approval.
    const allowed = scopes.map((scope) => scope.id).filter((id) => id === "videos:read" || chosen.has(id));
    decide.mutate({ ...request, approve, scopes: approve ? allowed : [] });
  }

  function toggle(id: OAuthScope, on: boolean) {
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <Card className="w-full">
      <CardHeader className="items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-2xl border border-border bg-surface-raised">
          <Bot className="size-6 text-violet-300" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-balance">
          <Trans>
            <span className="break-all">{name}</span> wants to use your Veo Studio account
          </Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            You are signed in as <span className="font-medium text-foreground">{username}</span>.
          </Trans>
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        {client.registration === "metadata-document" ? (
          <p className="flex gap-2 text-sm text-muted-foreground">
            <BadgeCheck className="mt-0.5 size-4 shrink-0 text-emerald-300" aria-hidden="true" />
            <span>
              <Trans>
                The app is identified by its address <span className="break-all text-foreground">{clientHost}</span>,
                where it publishes its name.
              </Trans>
            </span>
          </p>
        ) : (
          <Callout icon={TriangleAlert} tone="warning" role="note">
            <p>
              <Trans>
                This app registered itself, so Veo Studio cannot confirm that it is who its name says. Allow it only if
                you have just connected it yourself, from an AI agent you trust.
              </Trans>
            </p>
          </Callout>
        )}
        <p className="text-sm text-muted-foreground">
          <Trans>
            Once you choose, you go back to{" "}
            <span className="break-all font-medium text-foreground">{redirectHost}</span>.
          </Trans>
        </p>

        <fieldset className="grid gap-3 rounded-xl border border-border p-4">
          <legend className="px-1 text-sm font-semibold">
            <Trans>Allow it to</Trans>
          </legend>
          {scopes.map(({ id, granted }) => {
            const always = id === "videos:read";
            const inputId = `scope-${id.replace(":", "-")}`;
            return (
              <div key={id} className="flex items-start gap-3">
                <input
                  id={inputId}
                  type="checkbox"
                  className="mt-0.5 size-4 accent-violet-500"
                  checked={always || chosen.has(id)}
                  disabled={always || busy}
                  onChange={(event) => toggle(id, event.target.checked)}
                />
                <label htmlFor={inputId} className="grid gap-0.5 text-sm">
                  <span className="font-medium">{t(SCOPE_TEXT[id])}</span>
                  <span className="text-xs text-muted-foreground">
                    {always
                      ? t`Always part of a connection.`
                      : t`It pays with your credits at the API prices, as your API tokens do.`}
                    {granted ? ` ${t`You allowed this before.`}` : ""}
                  </span>
                </label>
              </div>
            );
          })}
        </fieldset>

        <ErrorAlert error={decide.error} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" disabled={busy} onClick={() => send(false)}>
            {busy && answer === false ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            <Trans>Cancel</Trans>
          </Button>
          <Button type="button" disabled={busy} onClick={() => send(true)}>
            {busy && answer === true ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            <Trans>Allow</Trans>
          </Button>
        </div>
        <p className="text-center text-xs text-muted-foreground">
          <Trans>
            You can revoke its access at any time on the{" "}
            <Link href="/api" className="underline underline-offset-2 hover:text-foreground">
              API page
            </Link>
            .
          </Trans>
        </p>
      </CardContent>
    </Card>
  );
}
