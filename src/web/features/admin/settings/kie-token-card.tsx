/** The KIE card of the Models and vendors section (decision 0148): the key used when no vendor account can make a video. */
import { useLingui } from "@lingui/react/macro";
import { ChoiceField, SecretField } from "@/features/admin/admin-fields";
import type { FieldBinders } from "./field-binders";
import type { ModelDraft } from "./part-keys";
import { FieldsCard } from "./fields-card";

export function KieTokenCard({ text }: Pick<FieldBinders<ModelDraft>, "text">) {
  const { t } = useLingui();
  return (
    <FieldsCard
      id="kie-token-title"
      title={t`KIE Token`}
      description={t`The KIE.ai API key used when no provider account below can make a video.`}
    >
      <SecretField label={t`KIE API token`} {...text("kieToken")} />
      <SecretField
        label={t`KIE webhook HMAC key (from kie.ai settings; when set, unsigned callbacks are refused)`}
        {...text("kieWebhookHmacKey")}
      />
      <ChoiceField
        label={t`KIE API for new videos`}
        options={[
          { value: "veo", label: t`Veo API (v1/veo)` },
          { value: "market", label: t`Market jobs API (v1/jobs, veo-3-1)` },
        ]}
        {...text("kieSurface")}
      />
    </FieldsCard>
  );
}
