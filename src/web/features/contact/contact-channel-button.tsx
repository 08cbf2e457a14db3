import { ExternalLink, Mail, MessageCircle, Send, UsersRound, type LucideIcon } from "lucide-react";
import type { ContactChannel, ContactChannelKind } from "../../../shared/contact";
import { cn } from "@/lib/cn";

const LOOK: Record<ContactChannelKind, { icon: LucideIcon; hint: string; tint: string }> = {
  zalo: { icon: MessageCircle, hint: "Personal chat on Zalo", tint: "from-sky-500 to-blue-600 shadow-sky-500/20" },
  "zalo-group": { icon: UsersRound, hint: "Community group on Zalo", tint: "from-blue-500 to-indigo-600 shadow-indigo-500/20" },
  telegram: { icon: Send, hint: "Direct message on Telegram", tint: "from-cyan-400 to-sky-600 shadow-cyan-500/20" },
  email: { icon: Mail, hint: "E-mail", tint: "from-violet-500 to-fuchsia-500 shadow-fuchsia-500/20" },
};

/** One channel as a large link; web links open in a new tab, mailto: in the mail app. */
export function ContactChannelButton({ channel }: { channel: ContactChannel }) {
  const { icon: Icon, hint, tint } = LOOK[channel.kind];
  const isWeb = channel.href.startsWith("https://");
  return (
    <a
      href={channel.href}
      {...(isWeb ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="group flex items-center gap-4 rounded-2xl border border-border bg-surface/80 p-5 shadow-xl shadow-black/30 transition-all hover:-translate-y-0.5 hover:border-violet-500/40 hover:bg-surface-raised/80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <span className={cn("flex size-12 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br shadow-lg", tint)}>
        <Icon className="size-6 text-white" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-foreground">{channel.label}</span>
        <span className="block truncate text-sm text-muted-foreground">
          <span className="sr-only">{hint}: </span>
          {channel.detail}
        </span>
      </span>
      {isWeb ? (
        <>
          <ExternalLink className="size-4 shrink-0 text-muted-foreground transition-colors group-hover:text-foreground" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </>
      ) : null}
    </a>
  );
}
