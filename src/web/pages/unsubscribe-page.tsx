import { useState } from "react";
import { Link, useSearchParams } from "wouter";
import { useMutation } from "@tanstack/react-query";
import { BellOff, CircleCheck, LoaderCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { noticesApi } from "../../shared/api/notices";
import { isNoticeKind, NOTICE_FIELDS } from "../../shared/notices";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NOTICE_NAMES } from "@/features/account/notice-names";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { call } from "@/lib/api";

/**
 * /unsubscribe?u=&k=&t= (decision 0086): a notice's "Stop e-mails like this one" link. It asks
 * first (a link opened by a mail scanner must not turn anything off), then turns that one notice
 * off with the signed link, signed in or not.
 */
export function UnsubscribePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Stop e-mails`);
  const [params] = useSearchParams();
  // Read once: the page's own address does not change under it.
  const [link] = useState(() => ({ u: params.get("u") ?? "", k: params.get("k") ?? "", t: params.get("t") ?? "" }));
  const turnOff = useMutation({ mutationFn: () => call(noticesApi.unsubscribe, { query: link }) });
  const name = isNoticeKind(link.k) ? t(NOTICE_NAMES[NOTICE_FIELDS[link.k]]) : null;

  let content;
  if (!name || !link.u || !link.t) {
    content = (
      <p role="alert" className="text-sm text-muted-foreground">
        <Trans>This unsubscribe link is not complete. Turn notices off on My Account instead.</Trans>
      </p>
    );
  } else if (turnOff.isSuccess) {
    content = (
      <div role="status" className="grid gap-2">
        <p className="flex items-center gap-2 font-medium">
          <CircleCheck className="size-5 text-emerald-300" aria-hidden="true" />
          <Trans>“{name}” e-mails are off.</Trans>
        </p>
        <p className="text-sm text-muted-foreground">
          <Trans>You can turn them back on at any time on My Account.</Trans>
        </p>
      </div>
    );
  } else {
    content = (
      <div className="grid gap-4">
        <p className="text-sm text-muted-foreground">
          <Trans>
            You will no longer get “{name}” e-mails. Receipts and security notices about your account are still sent.
          </Trans>
        </p>
        <ErrorAlert error={turnOff.error} className="font-normal text-red-300" />
        <Button onClick={() => turnOff.mutate()} disabled={turnOff.isPending} className="justify-self-start">
          {turnOff.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <BellOff aria-hidden="true" />
          )}
          <Trans>Turn off</Trans>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-lg flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <Card>
        <CardHeader>
          <CardTitle>{name ? <Trans>Stop “{name}” e-mails</Trans> : <Trans>Stop e-mails</Trans>}</CardTitle>
          <CardDescription>
            <Trans>A link from one of our e-mails brought you here.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {content}
          <Link href="/my-account" className="text-sm text-violet-300 underline-offset-4 hover:underline">
            <Trans>Choose your e-mail notices on My Account</Trans>
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
