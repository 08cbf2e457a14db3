/**
 * The Prompt help card of Settings > Models and vendors (decision 0160): where the generator's
 * Improve prompt runs (off, the built-in rules, or an OpenAI-compatible chat endpoint: its base URL,
 * model and key, the key sealed and shown masked). Its price is the "Prompt help" line of Prices.
 */
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { promptHelpSettingsSchema, type PromptHelpMode } from "../../../../shared/schemas/prompt-help";
import { SectionCard } from "@/components/ui/section-card";
import { ChoiceField, SecretField, TextField } from "@/features/admin/admin-fields";
import type { Problems } from "./field-binders";
import { useSavePromptHelpSettings } from "./prompt-help-api";
import { refusedFields } from "./refused-fields";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";

export function PromptHelpCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, (s) => ({
    mode: s.promptHelpMode,
    baseUrl: s.promptHelpBaseUrl ?? "",
    model: s.promptHelpModel ?? "",
    key: s.promptHelpApiKey ?? "",
  }));
  const save = useSavePromptHelpSettings();
  const [problems, setProblems] = useState<Problems>({});
  const body = {
    promptHelpMode: draft.mode,
    promptHelpBaseUrl: draft.baseUrl.trim(),
    promptHelpModel: draft.model.trim(),
    // Emptied: the key is cleared (a masked value sent back keeps it).
    promptHelpApiKey: draft.key.trim() === "" ? null : draft.key,
  };
  useSectionPart({
    dirty,
    check: () => {
      const found = refusedFields(promptHelpSettingsSchema, body, {
        promptHelpBaseUrl: t`Enter the endpoint's base URL, e.g. https://api.openai.com/v1.`,
      });
      if (draft.mode === "llm" && body.promptHelpBaseUrl === "")
        found.promptHelpBaseUrl = t`Enter the endpoint's base URL to use a language model.`;
      if (draft.mode === "llm" && body.promptHelpModel === "")
        found.promptHelpModel = t`Enter the model's name to use a language model.`;
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: () => savedOrNot(save.mutateAsync(body).then(({ settings: now }) => resetTo(now))),
  });
  const change = (key: "baseUrl" | "model", field: string) => (value: string) => {
    set(key)(value);
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  return (
    <SectionCard
      id="prompt-help-title"
      title={t`Prompt help`}
      description={t`The generator's Improve prompt button turns a short idea into a prompt written for the chosen model. Its price is the Prompt help line of Prices (free by default).`}
    >
      <div role="group" className="grid gap-4" aria-label={t`Prompt help settings`}>
        <ChoiceField
          id="promptHelpMode"
          label={t`Prompt help runs on`}
          value={draft.mode}
          onValueChange={(v) => set("mode")(v as PromptHelpMode)}
          options={[
            { value: "builtin", label: t`Built-in rules (no outside service)` },
            { value: "llm", label: t`A language model (OpenAI-compatible)` },
            { value: "off", label: t`Off: no Improve prompt button` },
          ]}
        />
        {draft.mode === "llm" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="promptHelpBaseUrl"
              label={t`Endpoint base URL`}
              autoComplete="off"
              spellCheck={false}
              placeholder="https://api.openai.com/v1"
              value={draft.baseUrl}
              error={problems.promptHelpBaseUrl}
              onValueChange={change("baseUrl", "promptHelpBaseUrl")}
              hint={t`Any OpenAI-compatible Chat Completions endpoint: KIE's chat models, OpenAI, OpenRouter or your own.`}
            />
            <TextField
              id="promptHelpModel"
              label={t`Model`}
              autoComplete="off"
              spellCheck={false}
              placeholder="gpt-4o-mini"
              value={draft.model}
              error={problems.promptHelpModel}
              onValueChange={change("model", "promptHelpModel")}
            />
            <SecretField id="promptHelpApiKey" label={t`API key`} value={draft.key} onValueChange={set("key")} />
          </div>
        ) : null}
      </div>
    </SectionCard>
  );
}
