/** A person's plan on their admin page (issue 69): what it is, its state and renewal, and ending it for them. */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { t } from "@lingui/core/macro";
import { useMutation } from "@tanstack/react-query";
import { XCircle } from "lucide-react";
import { adminPlansApi } from "../../../../shared/api/admin-plans";
import type { AdminUserDetail } from "../../../../shared/schemas/admin-users";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { refreshUsers } from "@/features/admin/users/users-api";
import { toast } from "@/hooks/use-toast";
import { call, errorMessage } from "@/lib/api";
import { formatCredits, formatDate } from "@/lib/format";
import { tidyReason } from "../../../../shared/schemas/admin-reason";
import { ActionFooter } from "@/features/admin/action-footer";
import { AdminFormDialog } from "@/features/admin/admin-form-dialog";
import { ReasonField, useReasonCheck } from "@/features/admin/reason-field";

type Plan = NonNullable<AdminUserDetail["plan"]>;

// eslint-disable-next-line lingui/no-unlocalized-strings -- brand names, the same in every language
const PROVIDER_NAMES: Record<Plan["provider"], string> = { creem: "Creem", paypal: "PayPal" };

function useCancelPlanFor(userId: string, onDone: () => void) {
  return useMutation({
    mutationFn: (reason: string) => call(adminPlansApi.cancelFor, { params: { userId }, body: { reason } }),
    onSuccess: () => {
      toast({ title: t`Plan cancelled at its provider` });
      onDone();
    },
    onError: (error) => {
      toast({ title: t`Plan not cancelled`, description: errorMessage(error), variant: "destructive" });
    },
    onSettled: refreshUsers,
  });
}

function planState(plan: Plan): string {
  if (plan.status === "past_due") return t`Past due`;
  if (plan.status === "paused") return t`Paused`;
  if (plan.cancelAtPeriodEnd && plan.currentPeriodEnd) {
    const date = formatDate(plan.currentPeriodEnd);
    return t`Cancels on ${date}`;
  }
  return t`Active`;
}

/** Ending the plan at its provider, with the reason the audit log keeps. */
function CancelPlanForDialog({ userId, planName, onClose }: { userId: string; planName: string; onClose: () => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const check = useReasonCheck();
  const cancel = useCancelPlanFor(userId, onClose);
  const submit = () => {
    const wrong = check(reason);
    setProblem(wrong);
    if (!wrong) cancel.mutate(tidyReason(reason));
  };
  return (
    <AdminFormDialog
      title={<Trans>End {planName} now?</Trans>}
      description={t`The plan is cancelled at its provider now: no further payments are taken. The credits of the period already paid stay until it ends.`}
      onSubmit={submit}
      onClose={onClose}
    >
      <ReasonField id="plan-cancel-reason" value={reason} onValueChange={setReason} invalid={Boolean(problem)} />
      <ActionFooter
        problem={problem}
        pending={cancel.isPending}
        actionLabel={t`Cancel the plan now`}
        onCancel={onClose}
      />
    </AdminFormDialog>
  );
}

export function UserPlanCard({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const plan = user.plan;
  const [asking, setAsking] = useState(false);
  return (
    <SectionCard id="user-plan-title" title={t`Plan`}>
      {!plan ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No plan.</Trans>
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">
                <Trans>Plan</Trans>
              </dt>
              <dd>
                {plan.planName} ({plan.interval === "year" ? t`yearly` : t`monthly`}, {PROVIDER_NAMES[plan.provider]})
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>State</Trans>
              </dt>
              <dd>{planState(plan)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Next renewal</Trans>
              </dt>
              <dd>{plan.nextRenewal ? `${formatDate(plan.nextRenewal.at)} · $${plan.nextRenewal.amount}` : "—"}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">
                <Trans>Plan credits left</Trans>
              </dt>
              <dd>{formatCredits(plan.planCredits.remaining)}</dd>
            </div>
          </dl>
          <div className="mt-4 flex justify-end">
            <Button type="button" variant="outline" onClick={() => setAsking(true)}>
              <XCircle aria-hidden="true" />
              <Trans>Cancel this plan</Trans>
            </Button>
          </div>
          {asking ? (
            <CancelPlanForDialog userId={user.id} planName={plan.planName} onClose={() => setAsking(false)} />
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
