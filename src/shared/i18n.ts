/**
 * The languages the product speaks (issue 24): English, the default, and Vietnamese. Plain
 * values only: the landing page's first load uses this module, and zod stays out of it.
 */
import { withoutTrailingSlashes } from "./trim.js";

export const LOCALES = ["en", "vi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that carries a person's choice of language, so the server answers pages in it too. */
export const LANGUAGE_COOKIE = "lang";

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The landing page's address in each language (decision 0056): `/` itself follows the person. */
export const LANDING_PATHS: Record<Locale, string> = { en: "/en", vi: "/vi" };

/** The language a landing address names, if it is one of LANDING_PATHS. */
export function landingPathLocale(pathname: string): Locale | null {
  const path = pathname.length > 1 ? withoutTrailingSlashes(pathname) : pathname;
  return LOCALES.find((locale) => LANDING_PATHS[locale] === path) ?? null;
}
