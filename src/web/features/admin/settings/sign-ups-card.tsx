/**
 * The Sign-ups card of /admin/settings (decision 0091): Cloudflare Turnstile's keys (on while both
 * are set) and the mail domains always allowed or always refused beside the throwaway-domain list.
 */
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { EMAIL_DOMAIN_LIST_MAX } from "../../../../shared/email-domains";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { SecretField, TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { signUpSettingsSchema } from "../../../../shared/schemas/sign-up-protection";
import { fieldErrorId } from "@/components/ui/form-field";
import { useSaveSignUpSettings } from "./sign-ups-api";
import { refusedFields } from "./refused-fields";
import type { Problems } from "./field-binders";
import { savedOrNot, useSavedDraft, useSectionPart } from "./section/section-parts";

/** One domain a line (commas and spaces also separate). */
const domainsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const linesOf = (domains: string[]) => domains.join("\n");

function DomainList({
  id,
  label,
  hint,
  problem,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  problem: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        className="min-h-24 font-mono"
        spellCheck={false}
        placeholder="example.com"
        aria-describedby={problem ? `${fieldErrorId(id)} ${id}-hint` : `${id}-hint`}
        aria-invalid={problem ? true : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {problem ? (
        <p id={fieldErrorId(id)} className="text-xs font-medium text-red-400">
          {problem}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

export function SignUpsCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, (s) => ({
    siteKey: s.turnstileSiteKey ?? "",
    secret: s.turnstileSecret ?? "",
    allowed: linesOf(s.emailDomainsAllowed),
    blocked: linesOf(s.emailDomainsBlocked),
  }));
  const { siteKey, secret, allowed, blocked } = draft;
  const save = useSaveSignUpSettings();
  const on = Boolean(settings.turnstileSiteKey && settings.turnstileSecret);
  const max = EMAIL_DOMAIN_LIST_MAX;

  const [problems, setProblems] = useState<Problems>({});
  const body = {
    turnstileSiteKey: siteKey.trim(),
    // Emptied: the secret is cleared (a masked value sent back keeps it).
    turnstileSecret: secret.trim() === "" ? null : secret,
    emailDomainsAllowed: domainsOf(allowed),
    emailDomainsBlocked: domainsOf(blocked),
  };
  useSectionPart({
    dirty,
    check: () => {
      const domains = t`Enter domain names, one a line, e.g. example.com: at most ${max}.`;
      const found = refusedFields(signUpSettingsSchema, body, {
        turnstileSiteKey: t`Paste the site key exactly as Cloudflare shows it, e.g. 0x4AAAAAAA...`,
        emailDomainsAllowed: domains,
        emailDomainsBlocked: domains,
      });
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: () => savedOrNot(save.mutateAsync(body).then(({ settings: now }) => resetTo(now))),
  });
  /** A change of one field, which clears the problem found in it. */
  const change = (key: "siteKey" | "allowed" | "blocked", field: keyof typeof body) => (value: string) => {
    set(key)(value);
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  return (
    <SectionCard
      id="sign-ups-title"
      title={t`Sign-ups`}
      description={t`Keep bots from farming accounts: a CAPTCHA on sign-up, password reset and sign-in after failed attempts, and no throwaway mail addresses.`}
    >
      <div role="group" className="grid gap-4" aria-label={t`Sign-up settings`}>
        <p className="rounded-lg border border-border bg-zinc-950/40 p-3 text-sm" role="status">
          {on ? (
            <Trans>Cloudflare Turnstile is on.</Trans>
          ) : (
            <Trans>Cloudflare Turnstile is off: set its site key and secret key to turn it on.</Trans>
          )}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="turnstileSiteKey"
            label={t`Turnstile site key`}
            autoComplete="off"
            spellCheck={false}
            placeholder="0x4AAAAAAA..."
            value={siteKey}
            error={problems.turnstileSiteKey}
            onValueChange={change("siteKey", "turnstileSiteKey")}
            hint={t`From the Turnstile page of your Cloudflare dashboard.`}
          />
          <SecretField
            id="turnstileSecret"
            label={t`Turnstile secret key`}
            value={secret}
            onValueChange={set("secret")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <DomainList
            id="emailDomainsBlocked"
            label={t`Mail domains always refused`}
            hint={t`One domain a line, its subdomains included; at most ${max}. Refused at sign-up and at a change of address.`}
            value={blocked}
            problem={problems.emailDomainsBlocked}
            onChange={change("blocked", "emailDomainsBlocked")}
          />
          <DomainList
            id="emailDomainsAllowed"
            label={t`Mail domains always allowed`}
            hint={t`One domain a line, its subdomains included; at most ${max}. Allowed even when the throwaway-domain list or the list above names them.`}
            value={allowed}
            problem={problems.emailDomainsAllowed}
            onChange={change("allowed", "emailDomainsAllowed")}
          />
        </div>
      </div>
    </SectionCard>
  );
}
