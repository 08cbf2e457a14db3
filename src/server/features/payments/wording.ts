import { creditsText } from "../../../shared/credits-text.js";

/** "150 credits were" or "150 credits and 50 bonus credits were": what a completed order added. */
export function creditsAdded(order: { credits: number; bonusCredits: number }): string {
  const bonus = order.bonusCredits > 0 ? ` and ${creditsText(order.bonusCredits, "bonus")}` : "";
  const verb = order.credits === 1 && bonus === "" ? "was" : "were";
  return `${creditsText(order.credits)}${bonus} ${verb}`;
}

/** The payment provider as people know it: "Creem", "PayPal". */
export function providerName(provider: string): string {
  return provider === "paypal" ? "PayPal" : provider === "creem" ? "Creem" : provider;
}
