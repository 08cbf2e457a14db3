/**
 * Which language to show (decision 0056): a landing address that names one (/en, /vi), else the
 * person's remembered choice (a cookie, so the server answers pages in it too), else the first of
 * the browser's languages we speak, else English. Signed-in people's choice also lives on their
 * account (features/language).
 */
import { DEFAULT_LOCALE, LANGUAGE_COOKIE, isLocale, landingPathLocale, type Locale } from "../../shared/i18n";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function rememberedLocale(): Locale | null {
  for (const part of document.cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

export function rememberLocale(locale: Locale): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, not text
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`;
}

/** The first of the browser's languages (its Accept-Language) that we speak, by primary subtag. */
function browserLocale(languages: readonly string[] = navigator.languages): Locale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

export function initialLocale(pathname = window.location.pathname): Locale {
  return landingPathLocale(pathname) ?? rememberedLocale() ?? browserLocale();
}
