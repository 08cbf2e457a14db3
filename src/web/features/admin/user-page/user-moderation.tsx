/** A person refused often for their prompts (decision 0089): said on their page, with the way to their screened prompts. */
import { ShieldAlert } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link } from "wouter";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { cn } from "@/lib/cn";

const linkClassName =
  "rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Nothing when no request of theirs was refused in the last 24 hours; a warning at the admin's line. */
export function UserModerationNotice({ user }: { user: AdminUserDetail }) {
  const { refusals24h, threshold, flagged } = user.moderation;
  if (refusals24h === 0) return null;
  const refused = plural(refusals24h, {
    one: "# request of theirs was refused for its prompt in the last 24 hours.",
    other: "# requests of theirs were refused for their prompts in the last 24 hours.",
  });
  return (
    <div
      role={flagged ? "alert" : "status"}
      className={cn(
        "flex items-start gap-3 rounded-2xl border p-4 text-sm",
        flagged ? "border-amber-500/40 bg-amber-500/10 text-amber-100" : "border-border bg-surface/80",
      )}
    >
      <ShieldAlert
        className={cn("mt-0.5 size-5 shrink-0", flagged ? "text-amber-300" : "text-muted-foreground")}
        aria-hidden="true"
      />
      <div className="grid gap-1">
        <p>
          {refused}{" "}
          {flagged ? (
            <Trans>
              That reaches your line of {threshold}: look at their prompts, then decide whether to disable the account.
            </Trans>
          ) : null}
        </p>
        <p>
          <Link href={`/admin/moderation?userId=${user.id}`} className={linkClassName}>
            <Trans>Their screened prompts</Trans>
          </Link>
        </p>
      </div>
    </div>
  );
}
