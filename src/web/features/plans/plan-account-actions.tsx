import { useState } from "react";
import { Link } from "wouter";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeftRight, LoaderCircle, Undo2, XCircle } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SubscriptionView } from "../../../shared/schemas/plans";
import { Button } from "@/components/ui/button";
import { ErrorAlert } from "@/components/ui/error-alert";
import { CancelPlanDialog } from "./cancel-plan-dialog";
import { announcePlanAction } from "./plan-feedback";
import { refreshAfterPlanChange, resumePlan } from "./plans-api";
import { PaypalChangeNote } from "./paypal-change-note";
import { PortalButton } from "./portal-button";

/** Undo a cancellation waiting for the period's end, or resume a paused plan. */
function ResumeButton({ label }: { label: string }) {
  const { t } = useLingui();
  const resume = useMutation({
    mutationFn: resumePlan,
    onSuccess: (result) => {
      announcePlanAction(label, result.message, t`Your plan continues.`);
      void refreshAfterPlanChange();
    },
  });
  return (
    <div className="grid gap-1.5">
      <Button onClick={() => resume.mutate()} disabled={resume.isPending}>
        {resume.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
        {label}
      </Button>
      <ErrorAlert error={resume.error} />
    </div>
  );
}

/**
 * What a person may do with their plan: cancel it (or undo that; resume it when paused), change
 * it on /pricing while it is active, and manage cards and invoices at the provider.
 */
export function PlanAccountActions({ sub }: { sub: SubscriptionView }) {
  const { t } = useLingui();
  const [cancelling, setCancelling] = useState(false);
  const canCancel = !sub.cancelAtPeriodEnd;
  const canChange = sub.status === "active" && !sub.cancelAtPeriodEnd;
  return (
    <div className="grid gap-3">
      <div className="grid gap-2 sm:grid-cols-2">
        {sub.cancelAtPeriodEnd ? <ResumeButton label={t`Undo cancellation`} /> : null}
        {sub.status === "paused" && !sub.cancelAtPeriodEnd ? <ResumeButton label={t`Resume plan`} /> : null}
        {canChange ? (
          <Button asChild>
            <Link href="/pricing">
              <ArrowLeftRight aria-hidden="true" />
              <Trans>Change plan</Trans>
            </Link>
          </Button>
        ) : null}
        <PortalButton provider={sub.provider} />
        {canCancel ? (
          <Button variant="outline" onClick={() => setCancelling(true)}>
            <XCircle aria-hidden="true" />
            <Trans>Cancel plan</Trans>
          </Button>
        ) : null}
      </div>
      {sub.provider === "paypal" ? <PaypalChangeNote /> : null}
      <CancelPlanDialog sub={sub} open={cancelling} onOpenChange={setCancelling} />
    </div>
  );
}
