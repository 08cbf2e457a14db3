/** The Google sign-in card of the Sign-ups section (decision 0148). */
import { Trans, useLingui } from "@lingui/react/macro";
import { googleApi } from "../../../../shared/api/google";
import { CheckboxField, SecretField, TextField } from "@/features/admin/admin-fields";
import { urlFor } from "@/lib/api";
import type { FieldBinders } from "./field-binders";
import type { GoogleDraft } from "./part-keys";
import { FieldsCard } from "./fields-card";

export function GoogleSignInCard({ text, toggle }: FieldBinders<GoogleDraft>) {
  const { t } = useLingui();
  const redirectDefault = `${window.location.origin}${urlFor(googleApi.callback)}`;
  return (
    <FieldsCard
      id="google-title"
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a brand name
      title="Google OAuth"
      description={t`One-click sign-in with Google.`}
    >
      <CheckboxField label={t`Enable Google sign-in`} {...toggle("googleAuthEnabled")} />
      <TextField label={t`Google client ID`} autoComplete="off" {...text("googleClientId")} />
      <SecretField label={t`Google client secret`} {...text("googleClientSecret")} />
      <TextField
        label={t`Redirect URI`}
        type="url"
        placeholder={redirectDefault}
        hint={
          <Trans>
            Register this exact address under Authorized redirect URIs in the Google Cloud console. Left blank, it is{" "}
            <code className="break-all">{redirectDefault}</code>.
          </Trans>
        }
        {...text("googleRedirectUri")}
      />
    </FieldsCard>
  );
}
