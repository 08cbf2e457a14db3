/**
 * The Prompt screening form (decision 0089): Creem's moderation on or off (with a warning while
 * Creem payments need it), what a flag and an unreachable screener do, the admin's rules (one a
 * line) and the refusals that flag a person.
 */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { MODERATION_LIMITS, type ModerationSettingsView, type RuleKind } from "../../../../shared/schemas/moderation";
import { CheckboxField, ChoiceField, TextField } from "@/features/admin/admin-fields";
import { savedOrNot, useSavedDraft, useSectionPart } from "@/features/admin/settings/section/section-parts";
import { useSaveModerationSettings } from "./moderation-api";
import { ModerationRulesFields } from "./moderation-rules-fields";
import { ScreenersNow } from "./screeners-now";
import { linkClassName } from "./moderation-link";

const rulesOf = (settings: ModerationSettingsView, kind: RuleKind) =>
  settings.moderationRules
    .filter((r) => r.kind === kind)
    .map((r) => r.text)
    .join("\n");

/** One rule a line, blank lines left out. */
const linesOf = (text: string, kind: RuleKind) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => ({ text: line, kind }));

export function ModerationForm({ settings }: { settings: ModerationSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, (s) => ({
    creem: s.moderationCreemEnabled,
    flagAction: s.moderationFlagAction,
    unreachableAction: s.moderationUnreachableAction,
    refusals: String(s.moderationRefusalsFlag),
    denied: rulesOf(s, "deny"),
    flagged: rulesOf(s, "flag"),
  }));
  const { creem, flagAction, unreachableAction, refusals, denied, flagged } = draft;
  const save = useSaveModerationSettings();
  const { refusalsMin, refusalsMax } = MODERATION_LIMITS;

  const [refusalsProblem, setRefusalsProblem] = useState<string>();
  const refusalsCount = Number(refusals.trim());
  useSectionPart({
    dirty,
    check: () => {
      const ok = /^\d+$/.test(refusals.trim()) && refusalsCount >= refusalsMin && refusalsCount <= refusalsMax;
      setRefusalsProblem(ok ? undefined : t`Enter a whole number from ${refusalsMin} to ${refusalsMax}.`);
      return ok;
    },
    save: () =>
      savedOrNot(
        save
          .mutateAsync({
            moderationCreemEnabled: creem,
            moderationFlagAction: flagAction,
            moderationUnreachableAction: unreachableAction,
            moderationRefusalsFlag: refusalsCount,
            moderationRules: [...linesOf(denied, "deny"), ...linesOf(flagged, "flag")],
          })
          .then(({ settings: now }) => resetTo(now)),
      ),
  });

  return (
    <div role="group" className="grid gap-5" aria-label={t`Prompt screening settings`}>
      <ScreenersNow settings={settings} />
      <div className="grid gap-2">
        <CheckboxField
          id="moderationCreemEnabled"
          label={t`Screen prompts with Creem's moderation`}
          checked={creem}
          onCheckedChange={set("creem")}
        />
        {!creem && settings.creemPayments ? (
          <p className="flex items-start gap-2 text-sm text-amber-300" role="alert">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <Trans>
              Creem requires every prompt to be screened through its moderation while you take payments through Creem.
              Turning it off risks your Creem account and the funds it holds.
            </Trans>
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField
          id="moderationFlagAction"
          label={t`When a prompt is flagged`}
          value={flagAction}
          onValueChange={(value) => set("flagAction")(value as typeof flagAction)}
          options={[
            { value: "refuse", label: t`Refuse it` },
            { value: "review", label: t`Make the video and list it for review` },
          ]}
        />
        <ChoiceField
          id="moderationUnreachableAction"
          label={t`When a screener cannot be reached`}
          value={unreachableAction}
          onValueChange={(value) => set("unreachableAction")(value as typeof unreachableAction)}
          options={[
            { value: "refuse", label: t`Refuse, and ask to try again (as Creem expects)` },
            { value: "review", label: t`Make the video and list it for review` },
          ]}
        />
      </div>
      <ModerationRulesFields denied={denied} flagged={flagged} onDenied={set("denied")} onFlagged={set("flagged")} />
      <TextField
        id="moderationRefusalsFlag"
        type="number"
        min={refusalsMin}
        max={refusalsMax}
        inputMode="numeric"
        className="max-w-32"
        label={t`Flag a person refused this many times in 24 hours`}
        hint={
          <Trans>
            Shown on their page under{" "}
            <Link href="/admin/users" className={linkClassName}>
              Users
            </Link>
            ; you decide whether to disable the account.
          </Trans>
        }
        value={refusals}
        error={refusalsProblem}
        onValueChange={(value) => {
          set("refusals")(value);
          setRefusalsProblem(undefined);
        }}
      />
    </div>
  );
}
