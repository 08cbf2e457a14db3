/**
 * The active language and its message catalogues (decision 0056). Lingui's macros (`t`, `<Trans>`,
 * `plural`) compile to look-ups in the one `i18n` instance; a catalogue is fetched only when its
 * language is used, and the `app` and `admin` catalogues only with the pages that show their words.
 */
import { i18n, type Messages } from "@lingui/core";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../shared/i18n";

/** The catalogues of lingui.config.ts: `public` is always loaded, `app` and `admin` with their pages. */
export type CatalogName = "public" | "app" | "admin";
type CatalogModule = Promise<{ messages: Messages }>;

const CATALOGS: Record<CatalogName, Record<Locale, () => CatalogModule>> = {
  public: { en: () => import("../locales/en/public.po"), vi: () => import("../locales/vi/public.po") },
  app: { en: () => import("../locales/en/app.po"), vi: () => import("../locales/vi/app.po") },
  admin: { en: () => import("../locales/en/admin.po"), vi: () => import("../locales/vi/admin.po") },
};

/** The catalogues the app has needed so far: a change of language fetches each of them again. */
const needed = new Set<CatalogName>(["public"]);
const loads = new Map<string, Promise<void>>();

function load(name: CatalogName, locale: Locale): Promise<void> {
  const key = `${locale}/${name}`;
  let pending = loads.get(key);
  if (!pending) {
    pending = CATALOGS[name][locale]().then(({ messages }) => i18n.load(locale, messages));
    // A failed fetch (a deploy removed the chunk, the network dropped) may be tried again.
    pending.catch(() => loads.delete(key));
    loads.set(key, pending);
  }
  return pending;
}

/** Fetches a catalogue for the active language (and any later one) before its pages render. */
export function needCatalog(name: CatalogName): Promise<void> {
  needed.add(name);
  return load(name, activeLocale());
}

/** Switches the whole app to `locale` once its catalogues are here; `<html lang>` follows. */
export async function activateLocale(locale: Locale): Promise<void> {
  // A page opened meanwhile may need another catalogue (needCatalog fetches it in the language
  // active then): the switch waits until every needed one is here in the new language too.
  let names: CatalogName[];
  do {
    names = [...needed];
    await Promise.all(names.map((name) => load(name, locale)));
  } while (needed.size > names.length);
  i18n.activate(locale);
  // (Also run at build time to pre-render the landing page, where there is no document.)
  if (typeof document !== "undefined") document.documentElement.lang = locale;
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

/**
 * True when the person reads the language of the server's own sentences (English): its `message`
 * can then be shown as it is, since it may say more than a worded code (the field, the limit).
 */
export function readsServerLanguage(): boolean {
  return activeLocale() === DEFAULT_LOCALE;
}

/** The Intl locale behind each language: Vietnamese dates read 14:05:09 22/11/2025. */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-US", vi: "vi-VN" };

export { i18n };
