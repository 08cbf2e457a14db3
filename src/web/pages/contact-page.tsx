import { Clock, Info, Lightbulb } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "@/components/ui/page-header";
import { PageLoading } from "@/components/ui/page-loading";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ContactChannelButton } from "@/features/contact/contact-channel-button";
import { useContactChannels } from "@/features/contact/use-contact-channels";
import { useDocumentTitle } from "@/hooks/use-document-title";

export function ContactPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Contact`);
  const { data, isPending, isError } = useContactChannels();
  const channels = data?.channels ?? [];

  return (
    <div className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <PageHeader
        className="max-w-2xl"
        title={<Trans>Contact Us</Trans>}
        description={
          <Trans>
            Questions about credits, payments, the API or a video that did not turn out right? Reach our team on the
            channel you prefer.
          </Trans>
        }
      />

      <div className="grid items-start gap-6 lg:grid-cols-[1.5fr_1fr]">
        <section aria-labelledby="channels-title" className="grid gap-4">
          <h2 id="channels-title" className="sr-only">
            <Trans>Contact channels</Trans>
          </h2>
          {isPending ? (
            <PageLoading label={t`Loading contact details`} />
          ) : isError ? (
            <EmptyState text={t`Contact details could not be loaded. Please try again in a moment.`} />
          ) : channels.length === 0 ? (
            <EmptyState text={t`Contact details have not been set up yet. Please check back soon.`} />
          ) : (
            <ul className="grid gap-4">
              {channels.map((channel) => (
                <li key={channel.kind}>
                  <ContactChannelButton channel={channel} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <aside className="grid gap-4">
          {/* A reply time is promised only where there is a way to ask (issue 38). */}
          {channels.length > 0 ? <ResponseTimeCard /> : null}
          <Card>
            <CardHeader className="flex-row items-center gap-3 space-y-0">
              <Lightbulb className="size-5 shrink-0 text-fuchsia-300" aria-hidden="true" />
              <CardTitle className="text-base">
                <Trans>Help us help you faster</Trans>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
                <li>
                  <Trans>Your username</Trans>
                </li>
                <li>
                  <Trans>The task ID of the video, shown in its details</Trans>
                </li>
                <li>
                  <Trans>What you expected and what happened</Trans>
                </li>
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

function ResponseTimeCard() {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3 space-y-0">
        <Clock className="size-5 shrink-0 text-violet-300" aria-hidden="true" />
        <CardTitle className="text-base">
          <Trans>Typical response time</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <CardDescription>
          <Trans>We usually reply within a few hours during business hours, and always within one business day.</Trans>
        </CardDescription>
      </CardContent>
    </Card>
  );
}

function EmptyState({ text }: { text: string }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl border border-border bg-surface/80 p-6 text-sm text-zinc-300"
    >
      <Info className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
