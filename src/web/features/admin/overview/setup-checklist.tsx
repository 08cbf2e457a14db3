/**
 * The top of /admin (issue 38, decision 0074): a warning while videos are failing, and the set-up
 * checklist until every step is done (then one line). The server decides what is done.
 */
import { CheckCircle2, Circle, CircleAlert } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { AdminSetup, SetupStep } from "../../../../shared/schemas/admin-setup";
import { cn } from "@/lib/cn";
import { useAdminSetup } from "./overview-api";
import { formatCount } from "./overview-format";
import { GenerationAlert, linkClassName, MailAlert } from "./setup-alerts";
import { stepText, stepTitle } from "./setup-step-text";
import { PricesStepFix } from "./prices-step-fix";
import { TestPurchase } from "./test-purchase";

export function SetupOverview() {
  const { data } = useAdminSetup();
  if (!data) return null;
  return (
    <>
      {data.generationProblem ? <GenerationAlert problem={data.generationProblem} /> : null}
      {data.mailProblem ? <MailAlert problem={data.mailProblem} /> : null}
      <SetupChecklist setup={data} />
    </>
  );
}

function SetupChecklist({ setup }: { setup: AdminSetup }) {
  const { t } = useLingui();
  if (setup.allDone) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <CheckCircle2 className="size-4 shrink-0 text-emerald-400" aria-hidden="true" />
        <Trans>Set-up complete: your site is ready to sell.</Trans>
      </p>
    );
  }
  const done = formatCount(setup.steps.filter((s) => s.done).length);
  const total = formatCount(setup.steps.length);
  return (
    <section
      aria-labelledby="setup-title"
      className="rounded-2xl border border-violet-500/30 bg-surface/80 p-5 shadow-xl shadow-black/20 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-title" className="text-lg font-semibold tracking-tight">
          <Trans>Set up your site</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            {done} of {total} done
          </Trans>
        </p>
      </div>
      <ol className="mt-4 grid gap-3" aria-label={t`Set-up steps`}>
        {setup.steps.map((step) => (
          <StepRow key={step.id} step={step} setup={setup} />
        ))}
      </ol>
    </section>
  );
}

function StepRow({ step, setup }: { step: SetupStep; setup: AdminSetup }) {
  const { t } = useLingui();
  const warning = step.note === "simulator" || step.note === "failing";
  // What loses money or sales now, red: not merely a step still to take.
  const losing = ["below_cost", "creem_incomplete", "paypal_incomplete", "no_creem_product"].includes(step.note ?? "");
  const Icon = step.done ? CheckCircle2 : warning || losing ? CircleAlert : Circle;
  return (
    <li className="flex items-start gap-3" data-step={step.id} data-done={step.done}>
      <Icon
        className={cn(
          "mt-0.5 size-5 shrink-0",
          step.done
            ? "text-emerald-400"
            : losing
              ? "text-red-400"
              : warning
                ? "text-amber-400"
                : "text-muted-foreground",
        )}
        aria-hidden="true"
      />
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-medium">
          <Link href={step.href} className={linkClassName}>
            {stepTitle(step)}
          </Link>
          <span className="sr-only">{step.done ? t`(done)` : t`(to do)`}</span>
        </p>
        <p className="text-sm text-muted-foreground">{stepText(step)}</p>
        {step.note === "below_cost" && setup.belowCost ? <PricesStepFix belowCost={setup.belowCost} /> : null}
        {step.id === "payment" && setup.testPurchase ? <TestPurchase test={setup.testPurchase} /> : null}
      </div>
    </li>
  );
}
