import { useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { SectionCard } from "@/components/ui/section-card";
import { KieTokenCard } from "./kie-token-card";
import { ModelVendorFields } from "./model-vendor-fields";
import { MODEL_KEYS, type ModelDraft } from "./part-keys";
import { modelProblems } from "./part-problems";
import { useSettingsPart } from "./section/use-settings-part";

/** KIE's key, who makes each model and what a KIE credit costs: the Models and vendors section's part. */
export function ModelsPart({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const part = useSettingsPart(settings, MODEL_KEYS, modelProblems);
  const set =
    <K extends keyof ModelDraft>(key: K) =>
    (value: ModelDraft[K]) =>
      part.setDraft((d) => ({ ...d, [key]: value }));
  return (
    <>
      <KieTokenCard text={part.text} />
      <SectionCard
        id="model-vendors-title"
        title={t`Vendors and model health`}
        description={t`Who makes the models several vendors offer, in the order tried: the next takes over when one is down, at the same price to your customers. A content refusal is never sent to another vendor.`}
      >
        <ModelVendorFields
          vendorOrder={part.draft.vendorOrder}
          pauseDegradedModels={part.draft.pauseDegradedModels}
          kieCreditUsd={part.draft.kieCreditUsd}
          kieCreditProblem={part.problems.kieCreditUsd}
          onVendorOrder={set("vendorOrder")}
          onPause={set("pauseDegradedModels")}
          onKieCredit={part.text("kieCreditUsd").onValueChange}
        />
      </SectionCard>
      {part.dialog}
    </>
  );
}
