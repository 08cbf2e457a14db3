/**
 * The Prompt screening card of /admin/settings (decision 0089): Creem's moderation on or off (with
 * a warning while Creem payments need it), what a flag and an unreachable screener do, the
 * admin's rules (one a line) and the refusals that flag a person. A route and a card of its own.
 */
import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoaderCircle, TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { MODERATION_LIMITS, type ModerationSettingsView, type RuleKind } from "../../../../shared/schemas/moderation";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { CheckboxField, ChoiceField, TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { errorMessage } from "@/lib/api";
import { useModerationSettings, useSaveModerationSettings } from "./moderation-api";
import { SaveButton } from "@/features/admin/settings/save-button";

const linkClassName =
  "rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

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

/** What screens prompts now, in one line. */
function ScreenersNow({ settings }: { settings: ModerationSettingsView }) {
  return (
    <p className="rounded-lg border border-border bg-zinc-950/40 p-3 text-sm" role="status">
      {settings.creemScreener === "creem" ? (
        <Trans>Creem's moderation and your rules check every prompt now.</Trans>
      ) : settings.creemScreener === "simulator" ? (
        <Trans>
          Videos are simulated and Creem payments are off: the simulator stands in for Creem's moderation. A prompt with
          [mod:flag] or [mod:deny] shows screening at work.
        </Trans>
      ) : (
        <Trans>Only your rules check prompts now: Creem's moderation runs while Creem payments are on.</Trans>
      )}
    </p>
  );
}

function ModerationForm({ settings }: { settings: ModerationSettingsView }) {
  const { t } = useLingui();
  const [creem, setCreem] = useState(settings.moderationCreemEnabled);
  const [flagAction, setFlagAction] = useState(settings.moderationFlagAction);
  const [unreachableAction, setUnreachableAction] = useState(settings.moderationUnreachableAction);
  const [refusals, setRefusals] = useState(String(settings.moderationRefusalsFlag));
  const [denied, setDenied] = useState(rulesOf(settings, "deny"));
  const [flagged, setFlagged] = useState(rulesOf(settings, "flag"));
  const save = useSaveModerationSettings();
  const { refusalsMin, refusalsMax } = MODERATION_LIMITS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      moderationCreemEnabled: creem,
      moderationFlagAction: flagAction,
      moderationUnreachableAction: unreachableAction,
      moderationRefusalsFlag: Number(refusals),
      moderationRules: [...linesOf(denied, "deny"), ...linesOf(flagged, "flag")],
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label={t`Prompt screening settings`}>
      <ScreenersNow settings={settings} />
      <div className="grid gap-2">
        <CheckboxField
          id="moderationCreemEnabled"
          label={t`Screen prompts with Creem's moderation`}
          checked={creem}
          onCheckedChange={setCreem}
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
          onValueChange={(value) => setFlagAction(value as typeof flagAction)}
          options={[
            { value: "refuse", label: t`Refuse it` },
            { value: "review", label: t`Make the video and list it for review` },
          ]}
        />
        <ChoiceField
          id="moderationUnreachableAction"
          label={t`When a screener cannot be reached`}
          value={unreachableAction}
          onValueChange={(value) => setUnreachableAction(value as typeof unreachableAction)}
          options={[
            { value: "refuse", label: t`Refuse, and ask to try again (as Creem expects)` },
            { value: "review", label: t`Make the video and list it for review` },
          ]}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="moderationRulesDeny">
            <Trans>Refused words and phrases</Trans>
          </Label>
          <Textarea
            id="moderationRulesDeny"
            value={denied}
            onChange={(e) => setDenied(e.target.value)}
            spellCheck={false}
            aria-describedby="moderationRulesHint"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="moderationRulesFlag">
            <Trans>Flagged words and phrases</Trans>
          </Label>
          <Textarea
            id="moderationRulesFlag"
            value={flagged}
            onChange={(e) => setFlagged(e.target.value)}
            spellCheck={false}
            aria-describedby="moderationRulesHint"
          />
        </div>
        <p id="moderationRulesHint" className="text-xs text-muted-foreground sm:col-span-2">
          <Trans>
            One a line. Case, accents, spacing, invisible characters and look-alike letters (Cyrillic а, 0 for o, $ for
            s) do not matter. A * at the start or end also matches part of a word: kill* matches “killer”, *bomb matches
            “photobomb”.
          </Trans>
        </p>
      </div>
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
        onValueChange={setRefusals}
      />
      <SaveButton pending={save.isPending} label={<Trans>Save Prompt Screening</Trans>} />
    </form>
  );
}

export function ModerationSettingsCard() {
  const { t } = useLingui();
  const settings = useModerationSettings();
  const reason = settings.isError ? errorMessage(settings.error) : "";
  return (
    <SectionCard
      id="moderation-title"
      title={t`Prompt Screening`}
      description={
        <Trans>
          Every prompt and watermark is checked before anything is charged or sent to the video provider. What is
          refused or let through for review is listed on the{" "}
          <Link href="/admin/moderation" className={linkClassName}>
            Moderation
          </Link>{" "}
          tab.
        </Trans>
      }
    >
      {settings.data ? (
        <ModerationForm key={settings.data.updatedAt} settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-400">
          <Trans>Prompt screening could not be loaded: {reason}</Trans>
        </p>
      ) : (
        <div className="flex justify-center py-6" role="status" aria-label={t`Loading prompt screening`}>
          <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden="true" />
        </div>
      )}
    </SectionCard>
  );
}
