/**
 * The Mail card of /admin/settings (decision 0085): the mail server (or none: the local outbox),
 * the From address and the seller named on receipts, saved with the Mail section (decision 0148).
 * The test message is its own card (mail-test-card.tsx): it sends with what is saved.
 */
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import type { SmtpSecurity } from "../../../../shared/schemas/mail-fields";
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

  const [portProblem, setPortProblem] = useState<string>();
  const portNumber = port.trim() === "" ? null : Number(port.trim());
  useSectionPart({
    dirty,
    check: () => {
      const ok = portNumber === null || (Number.isInteger(portNumber) && portNumber >= 1 && portNumber <= 65535);
      setPortProblem(ok ? undefined : t`Enter a port from 1 to 65535, e.g. 587, or leave it blank.`);
      return ok;
    },
    save: () =>
      savedOrNot(
        save
          .mutateAsync({
            smtpHost: host,
            smtpPort: portNumber,
            smtpSecurity: security,
            smtpUser: user,
            smtpPassword: password,
            mailFrom: from,
            sellerName,
            sellerAddress,
          })
          .then(({ settings: now }) => resetTo(now)),
      ),
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
              id="smtpHost"
              label={t`Mail server (SMTP host)`}
              placeholder="smtp.example.com"
              value={host}
              onValueChange={set("host")}
              hint={t`Leave empty to use SMTP_URL, or the local outbox without it.`}
            />
            <div className="grid grid-cols-2 gap-4 [&>*]:min-w-0">
              <TextField
                id="smtpPort"
                label={t`Port`}
                inputMode="numeric"
                placeholder={security === "tls" ? "465" : security === "none" ? "25" : "587"}
                value={port}
                error={portProblem}
                onValueChange={(value) => {
                  set("port")(value);
                  setPortProblem(undefined);
                }}
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
            <TextField id="smtpUser" label={t`User name`} autoComplete="off" value={user} onValueChange={set("user")} />
            <SecretField id="smtpPassword" label={t`Password`} value={password} onValueChange={set("password")} />
            <TextField
              id="mailFrom"
              label={t`From`}
              placeholder={t`Veo Studio <no-reply@example.com>`}
              value={from}
              onValueChange={set("from")}
              hint={t`Empty: MAIL_FROM, else no-reply at your site's address.`}
            />
            <TextField
              id="sellerName"
              label={t`Seller name on receipts`}
              value={sellerName}
              onValueChange={set("sellerName")}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="sellerAddress">{t`Seller address on receipts`}</Label>
            <Textarea
              id="sellerAddress"
              className="min-h-20"
              value={sellerAddress}
              onChange={(e) => set("sellerAddress")(e.target.value)}
            />
          </div>
        </div>
      </div>
    </SectionCard>
  );
}
