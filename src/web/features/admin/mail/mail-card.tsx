/**
 * The Mail card of /admin/settings (decision 0085): the mail server (or none: the local outbox),
 * the From address, the seller named on receipts, and a test message sent at once.
 */
import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import type { SmtpSecurity } from "../../../../shared/schemas/mail-fields";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ChoiceField, SecretField, TextField } from "@/features/admin/admin-fields";
import { SectionCard } from "@/components/ui/section-card";
import { useSaveMailServer } from "./mail-api";
import { MailRoute } from "./mail-route";
import { MailTestForm } from "./mail-test-form";
import { SaveButton } from "@/features/admin/settings/save-button";

export function MailCard({ settings }: { settings: AdminSettingsView }) {
  const { t } = useLingui();
  const [host, setHost] = useState(settings.smtpHost ?? "");
  const [port, setPort] = useState(settings.smtpPort ? String(settings.smtpPort) : "");
  const [security, setSecurity] = useState<SmtpSecurity>(settings.smtpSecurity);
  const [user, setUser] = useState(settings.smtpUser ?? "");
  const [password, setPassword] = useState(settings.smtpPassword ?? "");
  const [from, setFrom] = useState(settings.mailFrom ?? "");
  const [sellerName, setSellerName] = useState(settings.sellerName ?? "");
  const [sellerAddress, setSellerAddress] = useState(settings.sellerAddress ?? "");
  const save = useSaveMailServer();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const portNumber = port.trim() === "" ? null : Number(port);
    save.mutate(
      {
        smtpHost: host,
        smtpPort: portNumber,
        smtpSecurity: security,
        smtpUser: user,
        smtpPassword: password,
        mailFrom: from,
        sellerName,
        sellerAddress,
      },
      { onSuccess: ({ settings: saved }) => setPassword(saved.smtpPassword ?? "") },
    );
  };

  return (
    <SectionCard
      id="mail-title"
      title={t`Mail`}
      description={t`Password resets, address confirmations, receipts and notices. Without a mail server they are kept in the local outbox.`}
    >
      <div className="grid gap-5">
        <MailRoute />
        <form onSubmit={submit} className="grid gap-4" aria-label={t`Mail settings`}>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="smtpHost"
              label={t`Mail server (SMTP host)`}
              placeholder="smtp.example.com"
              value={host}
              onValueChange={setHost}
              hint={t`Leave empty to use SMTP_URL, or the local outbox without it.`}
            />
            <div className="grid grid-cols-2 gap-4 [&>*]:min-w-0">
              <TextField
                id="smtpPort"
                label={t`Port`}
                inputMode="numeric"
                placeholder={security === "tls" ? "465" : security === "none" ? "25" : "587"}
                value={port}
                onValueChange={setPort}
              />
              <ChoiceField
                id="smtpSecurity"
                label={t`Security`}
                value={security}
                onValueChange={(v) => setSecurity(v as SmtpSecurity)}
                options={[
                  { value: "starttls", label: t`STARTTLS` },
                  { value: "tls", label: t`TLS` },
                  { value: "none", label: t`None (local relay)` },
                ]}
              />
            </div>
            <TextField id="smtpUser" label={t`User name`} autoComplete="off" value={user} onValueChange={setUser} />
            <SecretField id="smtpPassword" label={t`Password`} value={password} onValueChange={setPassword} />
            <TextField
              id="mailFrom"
              label={t`From`}
              placeholder={t`Veo Studio <no-reply@example.com>`}
              value={from}
              onValueChange={setFrom}
              hint={t`Empty: MAIL_FROM, else no-reply at your site's address.`}
            />
            <TextField
              id="sellerName"
              label={t`Seller name on receipts`}
              value={sellerName}
              onValueChange={setSellerName}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="sellerAddress">{t`Seller address on receipts`}</Label>
            <Textarea
              id="sellerAddress"
              className="min-h-20"
              value={sellerAddress}
              onChange={(e) => setSellerAddress(e.target.value)}
            />
          </div>
          <SaveButton pending={save.isPending} label={<Trans>Save Mail Settings</Trans>} />
        </form>
        <MailTestForm />
      </div>
    </SectionCard>
  );
}
