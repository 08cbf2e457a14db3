import { useLingui } from "@lingui/react/macro";
import { SectionCard } from "@/components/ui/section-card";
import { MailTestForm } from "./mail-test-form";

/** The Mail section's test message (decision 0085): sent at once, through the mail settings as saved. */
export function MailTestCard() {
  const { t } = useLingui();
  return (
    <SectionCard
      id="mail-test-title"
      title={t`Test message`}
      description={t`Sent through the settings as saved: save your changes first.`}
    >
      <MailTestForm />
    </SectionCard>
  );
}
