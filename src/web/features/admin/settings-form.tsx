import { useState, type FormEvent } from "react";
import { Save } from "lucide-react";
import type { AdminSettingsView } from "../../../shared/schemas/settings";
import { Button } from "@/components/ui/button";
import { useSaveSettings } from "./admin-api";
import { CheckboxField, ChoiceField, SecretField, SectionCard, TextField } from "./admin-fields";

type Draft = Omit<AdminSettingsView, "id" | "updatedAt" | "telegramBotToken" | "telegramChatId" | "veo3Credits" | "veo3FastCredits"> & {
  veo3Credits: string;
  veo3FastCredits: string;
};

function draftOf(s: AdminSettingsView): Draft {
  const { id: _id, updatedAt: _u, telegramBotToken: _t, telegramChatId: _c, ...rest } = s;
  return { ...rest, veo3Credits: String(s.veo3Credits), veo3FastCredits: String(s.veo3FastCredits) };
}

/** Blank text fields mean "not set"; secrets left masked or blank keep what is stored (server rule). */
function patchOf(d: Draft): Record<string, unknown> {
  const text = (v: string | null) => (v?.trim() ? v.trim() : null);
  return {
    ...d,
    kieToken: d.kieToken ?? "",
    paypalClientSecret: d.paypalClientSecret ?? "",
    creemApiKey: d.creemApiKey ?? "",
    creemWebhookSecret: d.creemWebhookSecret ?? "",
    googleClientSecret: d.googleClientSecret ?? "",
    paypalClientId: text(d.paypalClientId),
    googleClientId: text(d.googleClientId),
    googleRedirectUri: text(d.googleRedirectUri),
  };
}

/**
 * KIE token, PayPal, Creem, Google OAuth, Model Pricing and API Pricing, saved together with
 * 'Save Other Settings' (decision 0024). Telegram has its own card and button.
 */
export function SettingsForm({ settings }: { settings: AdminSettingsView }) {
  const [draft, setDraft] = useState(() => draftOf(settings));
  const save = useSaveSettings();
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const redirectDefault = `${window.location.origin}/api/auth/google/callback`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(patchOf(draft), { onSuccess: ({ settings: saved }) => setDraft(draftOf(saved)) });
  };

  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-6" aria-label="Other settings">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SectionCard id="kie-token-title" title="KIE Token" description="The KIE.ai API key used when no provider account below can make a video.">
          <SecretField id="kieToken" label="KIE API token" value={draft.kieToken ?? ""} onValueChange={set("kieToken")} />
        </SectionCard>

        <SectionCard id="pricing-title" title="Model Pricing and API Pricing" description="Credits per 8 second video, on the website and through the API.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="veo3Credits"
              label="Veo3 Quality (credits)"
              type="number"
              min={1}
              max={1000}
              step={1}
              required
              value={draft.veo3Credits}
              onValueChange={set("veo3Credits")}
            />
            <TextField
              id="veo3FastCredits"
              label="Veo3 Fast (credits)"
              type="number"
              min={1}
              max={1000}
              step={1}
              required
              value={draft.veo3FastCredits}
              onValueChange={set("veo3FastCredits")}
            />
            <TextField
              id="veo3ApiPrice"
              label="Veo3 Quality API price"
              inputMode="decimal"
              placeholder="0.50"
              value={draft.veo3ApiPrice}
              onValueChange={set("veo3ApiPrice")}
            />
            <TextField
              id="veo3FastApiPrice"
              label="Veo3 Fast API price"
              inputMode="decimal"
              placeholder="0.20"
              value={draft.veo3FastApiPrice}
              onValueChange={set("veo3FastApiPrice")}
            />
          </div>
        </SectionCard>

        <SectionCard id="paypal-title" title="PayPal" description="Card and PayPal payments through PayPal Checkout.">
          <div className="grid gap-4">
            <CheckboxField id="paypalEnabled" label="Enable PayPal" checked={draft.paypalEnabled} onCheckedChange={set("paypalEnabled")} />
            <TextField
              id="paypalClientId"
              label="PayPal client ID"
              autoComplete="off"
              value={draft.paypalClientId ?? ""}
              onValueChange={set("paypalClientId")}
            />
            <SecretField
              id="paypalClientSecret"
              label="PayPal client secret"
              value={draft.paypalClientSecret ?? ""}
              onValueChange={set("paypalClientSecret")}
            />
            <ChoiceField
              id="paypalEnvironment"
              label="PayPal environment"
              value={draft.paypalEnvironment}
              options={[
                { value: "sandbox", label: "Sandbox" },
                { value: "production", label: "Production" },
              ]}
              onValueChange={(v) => set("paypalEnvironment")(v as Draft["paypalEnvironment"])}
            />
          </div>
        </SectionCard>

        <SectionCard id="creem-title" title="Creem" description="Hosted checkout; credits arrive through the signed webhook.">
          <div className="grid gap-4">
            <CheckboxField id="creemEnabled" label="Enable Creem" checked={draft.creemEnabled} onCheckedChange={set("creemEnabled")} />
            <SecretField id="creemApiKey" label="Creem API key" value={draft.creemApiKey ?? ""} onValueChange={set("creemApiKey")} />
            <SecretField
              id="creemWebhookSecret"
              label="Creem webhook secret"
              value={draft.creemWebhookSecret ?? ""}
              onValueChange={set("creemWebhookSecret")}
            />
            <ChoiceField
              id="creemEnvironment"
              label="Creem environment"
              value={draft.creemEnvironment}
              options={[
                { value: "test", label: "Test" },
                { value: "prod", label: "Production" },
              ]}
              onValueChange={(v) => set("creemEnvironment")(v as Draft["creemEnvironment"])}
            />
          </div>
        </SectionCard>

        <SectionCard id="google-title" title="Google OAuth" description="One-click sign-in with Google.">
          <div className="grid gap-4">
            <CheckboxField id="googleAuthEnabled" label="Enable Google sign-in" checked={draft.googleAuthEnabled} onCheckedChange={set("googleAuthEnabled")} />
            <TextField
              id="googleClientId"
              label="Google client ID"
              autoComplete="off"
              value={draft.googleClientId ?? ""}
              onValueChange={set("googleClientId")}
            />
            <SecretField
              id="googleClientSecret"
              label="Google client secret"
              value={draft.googleClientSecret ?? ""}
              onValueChange={set("googleClientSecret")}
            />
            <TextField
              id="googleRedirectUri"
              label="Redirect URI"
              type="url"
              placeholder={redirectDefault}
              value={draft.googleRedirectUri ?? ""}
              onValueChange={set("googleRedirectUri")}
              hint={
                <>
                  Register this exact address under Authorized redirect URIs in the Google Cloud console. Left blank, it is{" "}
                  <code className="break-all">{redirectDefault}</code>.
                </>
              }
            />
          </div>
        </SectionCard>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={save.isPending}>
          <Save aria-hidden="true" />
          {save.isPending ? "Saving..." : "Save Other Settings"}
        </Button>
      </div>
    </form>
  );
}
