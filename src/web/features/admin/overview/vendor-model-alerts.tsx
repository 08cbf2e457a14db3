/**
 * A vendor model id whose last check found it gone or failed (issue 74 §1, decision 0174), one line
 * each at the top of /admin, linking to the card where the id is changed: seen before a customer's
 * video meets it.
 */
import { Trans } from "@lingui/react/macro";
import type { AdminOverview } from "../../../../shared/schemas/admin-overview";
import { modelLabel } from "@/lib/catalogue-text";
import { vendorLabel } from "@/features/admin/vendors/account-vendors";
import { SetupProblemAlert } from "./setup-alerts";

type VendorModelProblem = NonNullable<AdminOverview["vendorModelProblems"]>[number];

/** The model ids card, in the models section of the settings. */
const VENDOR_MODELS_HREF = "/admin/settings/models#vendor-models-title";

function VendorModelAlert({ problem }: { problem: VendorModelProblem }) {
  const vendor = vendorLabel(problem.vendor);
  const model = modelLabel(problem.model);
  const id = problem.vendorModelId;
  const answer = problem.message;
  return (
    <SetupProblemAlert
      tone="danger"
      title={
        <Trans>
          {vendor}: {id} ({model}) failed its check
        </Trans>
      }
      href={VENDOR_MODELS_HREF}
      linkText={<Trans>Change the model id</Trans>}
    >
      <p className="break-words text-zinc-300">
        <Trans>The vendor's answer: “{answer}”</Trans>
      </p>
    </SetupProblemAlert>
  );
}

export function VendorModelAlerts({ problems }: { problems: AdminOverview["vendorModelProblems"] }) {
  if (!problems?.length) return null;
  return (
    <>
      {problems.map((p) => (
        <VendorModelAlert key={`${p.model}-${p.vendor}`} problem={p} />
      ))}
    </>
  );
}
