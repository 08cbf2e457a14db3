/** The warnings at the top of /admin while something is going wrong now: videos failing, mail not delivered. */
import type { ReactNode } from "react";
import { AlertTriangle } from "lucide-react";
import { Plural, Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import type { GenerationProblem, MailProblem } from "../../../../shared/schemas/admin-setup";
import { Callout } from "@/components/ui/callout";
import { cn } from "@/lib/cn";
import { formatCount } from "./overview-format";

export const linkClassName =
  "rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

const TONE_CLASSES = {
  danger: { box: "", icon: "text-red-400", title: "text-red-200" },
  warning: { box: "border-amber-500/40", icon: "text-amber-300", title: "text-amber-100" },
} as const;

/** A problem's box (role "alert"): what is wrong, more about it, and a link to where it is put right. */
export function SetupProblemAlert({
  tone,
  title,
  href,
  linkText,
  children,
}: {
  tone: keyof typeof TONE_CLASSES;
  title: ReactNode;
  href: string;
  linkText: ReactNode;
  children?: ReactNode;
}) {
  const classes = TONE_CLASSES[tone];
  return (
    <Callout
      role="alert"
      icon={AlertTriangle}
      tone={tone}
      className={cn("items-start rounded-2xl", classes.box)}
      iconClassName={classes.icon}
    >
      <div className="grid min-w-0 gap-1">
        <p className={cn("font-semibold", classes.title)}>{title}</p>
        {children}
        <p>
          <Link href={href} className={linkClassName}>
            {linkText}
          </Link>
        </p>
      </div>
    </Callout>
  );
}

export function GenerationAlert({ problem }: { problem: GenerationProblem }) {
  const { reason } = problem;
  const failed = formatCount(problem.failed);
  return (
    <SetupProblemAlert
      tone="danger"
      title={<Trans>Videos are failing right now</Trans>}
      href={problem.href}
      linkText={<Trans>Check the provider settings</Trans>}
    >
      <p className="break-words text-zinc-300">
        <Plural
          value={problem.finished}
          one="The last video of the past hour failed at the provider."
          other={`${failed} of the last # videos of the past hour failed at the provider.`}
        />{" "}
        <Trans>Its last answer: “{reason}”</Trans>
      </p>
    </SetupProblemAlert>
  );
}

/** Mail the server refused or never took in the last day (decision 0085): resets and receipts are not arriving. */
export function MailAlert({ problem }: { problem: MailProblem }) {
  const failed = formatCount(problem.failed);
  const answer = problem.lastError ?? "";
  return (
    <SetupProblemAlert
      tone="warning"
      title={
        <Plural
          value={problem.failed}
          one="A message was not delivered"
          other={`${failed} messages were not delivered`}
        />
      }
      href={problem.href}
      linkText={<Trans>See the failed mail</Trans>}
    >
      {answer ? (
        <p className="break-words text-zinc-300">
          <Trans>The mail server's last answer: “{answer}”</Trans>
        </p>
      ) : null}
    </SetupProblemAlert>
  );
}
