/**
 * In a payment card (issue 68 §2): a provider switched on without every key it needs takes no
 * money, and the buy dialog leaves it out; the card says which key is missing.
 */
import { useLingui } from "@lingui/react/macro";
import { AlertTriangle } from "lucide-react";
import { Callout } from "@/components/ui/callout";

export function MissingKeysNote({ provider, missing }: { provider: "creem" | "paypal"; missing: string[] }) {
  const { t } = useLingui();
  if (missing.length === 0) return null;
  const keys = missing.join(", ");
  return (
    <Callout icon={AlertTriangle} tone="danger" data-testid={`${provider}-missing-keys`}>
      {provider === "creem"
        ? t`Creem is on, but this is missing: ${keys}. Buyers cannot pay with Creem until it is set.`
        : t`PayPal is on, but this is missing: ${keys}. Buyers cannot pay with PayPal until it is set.`}
    </Callout>
  );
}
