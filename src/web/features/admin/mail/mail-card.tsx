/**
 * The Mail card of /admin/settings (decision 0085): the mail server (or none: the local outbox),
 * the From address and the seller named on receipts, saved with the Mail section (decision 0148).
 * The test message is its own card (mail-test-card.tsx): it sends with what is saved.
 */
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { mailSettingsUpdateSchema, type SmtpSecurity } from "../../../../shared/schemas/mail-fields";
import { fieldErrorId } from "@/components/ui/form-field";
import type { Problems } from "@/features/admin/settings/field-binders";
import { refusedFields } from "@/features/admin/settings/refused-fields";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ChoiceField, SecretField, TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { useSaveMailServer } from "./mail-api";
import { MailRoute } from "./mail-route";
import { savedOrNot, useSavedDraft, useSectionPart } from "@/features/admin/settings/section/section-parts";

/** The card's draft: the stored mail settings as typed. */
const mailDraftOf = (s: AdminSettingsView) => ({
  host: s.smtpHost ?? "",
  port: s.smtpPort ? String(s.smtpPort) : "",
  security: s.smtpSecurity,
  user: s.smtpUser ?? "",
  password: s.smtpPassword ?? "",
  from: s.mailFrom ?? "",
  sellerName: s.sellerName ?? "",
  sellerAddress: s.sellerAddress ?? "",
});

export function MailCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const { draft, set, dirty, resetTo } = useSavedDraft(settings, mailDraftOf);
  const { host, port, security, user, password, from, sellerName, sellerAddress } = draft;
  const save = useSaveMailServer();

  const [problems, setProblems] = useState<Problems>({});
  const body = {
    smtpHost: host,
    smtpPort: port.trim() === "" ? null : Number(port.trim()),
    smtpSecurity: security,
    smtpUser: user,
    smtpPassword: password,
    mailFrom: from,
    sellerName,
    sellerAddress,
  };
  useSectionPart({
    dirty,
    check: () => {
      const found = refusedFields(mailSettingsUpdateSchema, body, {
        smtpHost: t`Enter the server's name only, e.g. smtp.example.com, without smtp:// or a port.`,
        smtpPort: t`Enter a port from 1 to 65535, e.g. 587, or leave it blank.`,
        smtpUser: t`Enter the user name on one line, or leave it blank.`,
        mailFrom: t`Enter an address, or a name and an address: Veo Studio <no-reply@example.com>.`,
        sellerName: t`Enter the seller's name on one line, at most 200 characters.`,
        sellerAddress: t`Enter the seller's address in at most 1000 characters.`,
      });
      setProblems(found);
      return Object.keys(found).length === 0;
    },
    save: () => savedOrNot(save.mutateAsync(body).then(({ settings: now }) => resetTo(now))),
  });
  /** A field's draft key, saved as `field`: its value, its problem, and a change that clears it. */
  const bind = (key: "host" | "port" | "user" | "from" | "sellerName", field: keyof typeof body) => ({
    id: field,
    value: draft[key],
    error: problems[field],
    onValueChange: (value: string) => {
      set(key)(value);
      setProblems((p) => ({ ...p, [field]: undefined }));
    },
  });

  return (
    <SectionCard
      id="mail-title"
      title={t`Mail`}
      description={t`Password resets, address confirmations, receipts and notices. Without a mail server they are kept in the local outbox.`}
    >
      <div className="grid gap-5">
        <MailRoute />
        <div role="group" className="grid gap-4" aria-label={t`Mail settings`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t`Mail server (SMTP host)`}
              placeholder="smtp.example.com"
              {...bind("host", "smtpHost")}
              hint={t`Leave empty to use SMTP_URL, or the local outbox without it.`}
            />
            <div className="grid grid-cols-2 gap-4 [&>*]:min-w-0">
              <TextField
                label={t`Port`}
                inputMode="numeric"
                placeholder={security === "tls" ? "465" : security === "none" ? "25" : "587"}
                {...bind("port", "smtpPort")}
              />
              <ChoiceField
                id="smtpSecurity"
                label={t`Security`}
                value={security}
                onValueChange={(v) => set("security")(v as SmtpSecurity)}
                options={[
                  { value: "starttls", label: t`STARTTLS` },
                  { value: "tls", label: t`TLS` },
                  { value: "none", label: t`None (local relay)` },
                ]}
              />
            </div>
            <TextField label={t`User name`} autoComplete="off" {...bind("user", "smtpUser")} />
            <SecretField id="smtpPassword" label={t`Password`} value={password} onValueChange={set("password")} />
            <TextField
              label={t`From`}
              placeholder={t`Veo Studio <no-reply@example.com>`}
              {...bind("from", "mailFrom")}
              hint={t`Empty: MAIL_FROM, else no-reply at your site's address.`}
            />
            <TextField label={t`Seller name on receipts`} {...bind("sellerName", "sellerName")} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="sellerAddress">{t`Seller address on receipts`}</Label>
            <Textarea
              id="sellerAddress"
              className="min-h-20"
              value={sellerAddress}
              aria-invalid={problems.sellerAddress ? true : undefined}
              aria-describedby={problems.sellerAddress ? fieldErrorId("sellerAddress") : undefined}
              onChange={(e) => {
                set("sellerAddress")(e.target.value);
                setProblems((p) => ({ ...p, sellerAddress: undefined }));
              }}
            />
            {problems.sellerAddress ? (
              <p id={fieldErrorId("sellerAddress")} className="text-xs font-medium text-red-400">
                {problems.sellerAddress}
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </SectionCard>
  );
}
