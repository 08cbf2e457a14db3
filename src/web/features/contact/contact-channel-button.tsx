import { ExternalLink, Mail, MessageCircle, Send, UsersRound, type LucideIcon } from "lucide-react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ContactChannel, ContactChannelKind } from "../../../shared/schemas/contact";
import { cn } from "@/lib/cn";

/**
 * Each kind's look and words. The label is the server's (GET /api/contact words it by kind, in
 * English) said in the active language; the detail (number, @name, address) is shown as sent.
 */
const LOOK: Record<
  ContactChannelKind,
  { icon: LucideIcon; label: MessageDescriptor; hint: MessageDescriptor; tintClassName: string }
> = {
  zalo: {
    icon: MessageCircle,
    label: msg`Chat on Zalo`,
    hint: msg`Personal chat on Zalo`,
    tintClassName: "from-sky-500 to-blue-600 shadow-sky-500/20",
  },
  "zalo-group": {
    icon: UsersRound,
    label: msg`Join the Zalo community`,
    hint: msg`Community group on Zalo`,
    tintClassName: "from-blue-500 to-indigo-600 shadow-indigo-500/20",
  },
  telegram: {
    icon: Send,
    label: msg`Message us on Telegram`,
    hint: msg`Direct message on Telegram`,
    tintClassName: "from-cyan-400 to-sky-600 shadow-cyan-500/20",
  },
  email: {
    icon: Mail,
    label: msg`Send an e-mail`,
    hint: msg`E-mail`,
    tintClassName: "from-violet-500 to-fuchsia-500 shadow-fuchsia-500/20",
  },
};

/** One channel as a large link; web links open in a new tab, mailto: in the mail app. */
export function ContactChannelButton({ channel }: { channel: ContactChannel }) {
  const { t } = useLingui();
  const look = LOOK[channel.kind];
  const { icon: Icon, tintClassName } = look;
  const label = t(look.label);
  const hint = t(look.hint);
  const isWeb = channel.href.startsWith("https://");
  return (
    <a
      href={channel.href}
      {...(isWeb ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="group flex items-center gap-4 rounded-2xl border border-border bg-surface/80 p-5 shadow-xl shadow-black/30 transition-all hover:-translate-y-0.5 hover:border-violet-500/40 hover:bg-surface-raised/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <span
        className={cn(
          "flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br shadow-lg",
          tintClassName,
        )}
      >
        <Icon className="size-6 text-white" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-foreground">{label}</span>
        <span className="block truncate text-sm text-muted-foreground">
          <span className="sr-only">{hint}: </span>
          {channel.detail}
        </span>
      </span>
      {isWeb ? (
        <>
          <ExternalLink
            className="size-4 shrink-0 text-muted-foreground transition-colors group-hover:text-foreground"
            aria-hidden="true"
          />
          <span className="sr-only">
            <Trans>(opens in a new tab)</Trans>
          </span>
        </>
      ) : null}
    </a>
  );
}
