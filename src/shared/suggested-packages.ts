/**
 * The credit packages the product suggests (the spec's Starter, Pro and Premium): shown, display
 * only, while none are on sale, and offered as starting points in the package dialog. Each sells a
 * credit for at least the default credit value, so at the default prices every video keeps its
 * margin (tests/unit/price-check.test.ts).
 */
export const SUGGESTED_PACKAGES = [
  { id: "starter", name: "Starter", credits: 50, bonusCredits: 0, price: "10.00", popular: false },
  { id: "pro", name: "Pro", credits: 150, bonusCredits: 25, price: "25.00", popular: true },
  { id: "premium", name: "Premium", credits: 300, bonusCredits: 50, price: "45.00", popular: false },
] as const;
