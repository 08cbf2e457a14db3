/**
 * The Prompt screening form (decision 0089): Creem's moderation on or off (with a warning while
 * Creem payments need it), what a flag and an unreachable screener do, the admin's rules (one a
 * line) and the refusals that flag a person.
 */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import {
  MODERATION_LIMITS,
  moderationSettingsUpdateSchema,
  type ModerationSettingsView,
  type RuleKind,
} from "../../../../shared/schemas/moderation";
import type { Problems } from "@/features/admin/settings/field-binders";
import { refusedFields } from "@/features/admin/settings/refused-fields";
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
  const { refusalsMin, refusalsMax, rules: rulesMax, ruleLength: ruleMax } = MODERATION_LIMITS;

  const [problems, setProblems] = useState<Problems>({});
  const rules = [...linesOf(denied, "deny"), ...linesOf(flagged, "flag")];
  const body = {
    moderationCreemEnabled: creem,
    moderationFlagAction: flagAction,
    moderationUnreachableAction: unreachableAction,
    moderationRefusalsFlag: Number(refusals.trim()),
    moderationRules: rules,
  };
  useSectionPart({
    dirty,
    check: () => {
      const found = refusedFields(moderationSettingsUpdateSchema, body, {
        moderationRefusalsFlag: t`Enter a whole number from ${refusalsMin} to ${refusalsMax}.`,
        moderationRules: t`At most ${rulesMax} rules in all.`,
      });
      // A rule refused is said under its own list, naming it.
      const result = moderationSettingsUpdateSchema.safeParse(body);
      for (const issue of result.error?.issues ?? []) {
        const rule = issue.path[0] === "moderationRules" ? rules[Number(issue.path[1])] : undefined;
        if (!rule) continue;
        delete found.moderationRules;
        const text = rule.text.slice(0, 40);
        found[rule.kind === "deny" ? "moderationRulesDeny" : "moderationRulesFlag"] ??=
          t`“${text}” cannot be a rule: a rule is one line of at most ${ruleMax} characters, with at least 2 letters or digits, and * only at its start or end.`;
      }
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: () => savedOrNot(save.mutateAsync(body).then(({ settings: now }) => resetTo(now))),
  });
  const clear = (field: string) => setProblems((p) => ({ ...p, [field]: undefined }));

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
      <ModerationRulesFields
        denied={denied}
        flagged={flagged}
        problems={problems}
        onDenied={(value) => {
          set("denied")(value);
          clear("moderationRulesDeny");
        }}
        onFlagged={(value) => {
          set("flagged")(value);
          clear("moderationRulesFlag");
        }}
      />
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
        error={problems.moderationRefusalsFlag}
        onValueChange={(value) => {
          set("refusals")(value);
          clear("moderationRefusalsFlag");
        }}
      />
    </div>
  );
}
