import type { AdminSettingsView } from "../../../../shared/schemas/settings";
import { PAYMENT_KEYS } from "./part-keys";
import { paymentProblems } from "./part-problems";
import { PaymentProviderCards } from "./payment-provider-cards";
import { useSettingsPart } from "./section/use-settings-part";

/** PayPal's and Creem's keys: the Payments section's part of the settings. */
export function PaymentsPart({ settings }: { settings: AdminSettingsView }) {
  const part = useSettingsPart(settings, PAYMENT_KEYS, paymentProblems);
  return (
    <>
      <PaymentProviderCards
        text={part.text}
        toggle={part.toggle}
        savedAt={settings.updatedAt}
        saveError={part.saveError}
      />
      {part.dialog}
    </>
  );
}
