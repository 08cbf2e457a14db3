/**
 * English credit counts in the server's messages ("1 credit", "50 bonus credits"), chosen by the
 * language's plural rules rather than by hand. The web app words its own through Lingui's plural().
 */
const ENGLISH_PLURALS = new Intl.PluralRules("en");

export function creditsText(count: number, adjective?: string): string {
  const noun = ENGLISH_PLURALS.select(count) === "one" ? "credit" : "credits";
  return [String(count), adjective, noun].filter(Boolean).join(" ");
}
