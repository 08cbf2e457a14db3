/**
 * Under the checklist's payment step (issue 68): a test purchase of the cheapest package through
 * the real checkout, in the provider's test mode where it has one, and how an admin's latest
 * purchase went: credited, failed and why, or not confirmed yet.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { AdminSetup } from "../../../../shared/schemas/admin-setup";
import { formatDateTime } from "@/lib/format";
import { linkClassName } from "./setup-alerts";
import { providerLabel } from "./overview-format";

type TestPurchase = NonNullable<AdminSetup["testPurchase"]>;

function LastPurchase({ last }: { last: NonNullable<TestPurchase["last"]> }) {
  const { t } = useLingui();
  const provider = providerLabel(last.provider);
  const credits = last.credits;
  const when = formatDateTime(last.at);
  if (last.status === "completed")
    return (
      <p className="text-emerald-300">
        {t`${plural(credits, {
          one: `Your latest purchase, # credit through ${provider} on ${when}, was credited.`,
          other: `Your latest purchase, # credits through ${provider} on ${when}, was credited.`,
        })}`}
      </p>
    );
  if (last.status === "failed") {
    const reason = last.failureReason ?? t`no reason given`;
    return <p className="text-red-300">{t`Your latest purchase through ${provider} on ${when} failed: ${reason}`}</p>;
  }
  if (last.status === "created")
    return (
      <p className="text-amber-300">
        {t`Your latest purchase through ${provider} on ${when} is not confirmed yet. If you paid, check ${provider}'s webhook settings.`}
      </p>
    );
  return <p>{t`Your latest purchase through ${provider} on ${when} was refunded or disputed.`}</p>;
}

export function TestPurchase({ test }: { test: TestPurchase }) {
  const { t } = useLingui();
  const live = test.live.map(providerLabel).join(", ");
  return (
    <div className="mt-1 grid gap-1 text-sm" data-testid="test-purchase">
      {test.last ? <LastPurchase last={test.last} /> : null}
      {test.packageId ? (
        <p>
          <Link href={`/purchase-credits?package=${test.packageId}`} className={linkClassName}>
            <Trans>Make a test purchase</Trans>
          </Link>{" "}
          <span className="text-muted-foreground">
            <Trans>of your cheapest package, through the real checkout; the result shows here.</Trans>
          </span>
        </p>
      ) : (
        <p className="text-muted-foreground">
          <Trans>Put a package on sale to make a test purchase.</Trans>
        </p>
      )}
      {live ? (
        <p className="text-amber-300">
          {t`${live} is in live mode: a test purchase charges real money. Refund it from Payments afterwards.`}
        </p>
      ) : null}
    </div>
  );
}
