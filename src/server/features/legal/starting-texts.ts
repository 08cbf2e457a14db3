/**
 * The legal pages' starting texts (decision 0079): Markdown files in ./starting-texts/, one per
 * page and language, shown until the admin saves their own. `{{siteName}}` and `{{contact}}` are
 * filled from the site's name and its contact channels when read, so the admin edits (and, when
 * saving unchanged, keeps) real text. Read once at module load; the build copies the folder.
 */
import fs from "node:fs";
import { LEGAL_PAGES, type LegalPage } from "../../../shared/legal-pages.js";
import { BRAND } from "../../../shared/brand.js";
import { LOCALES, type Locale } from "../../../shared/i18n.js";
import { fillPlaceholders, placeholderNames } from "../automation/prose.js";

const templates = Object.fromEntries(
  LEGAL_PAGES.flatMap((page) =>
    LOCALES.map((locale) => [
      `${page}.${locale}`,
      fs
        .readFileSync(new URL(`./starting-texts/${page}.${locale}.md`, import.meta.url), "utf8")
        .replace(/\r\n/g, "\n")
        .replace(/\n$/, ""),
    ]),
  ),
) as Record<`${LegalPage}.${Locale}`, string>;

/** How to reach the business, as a Markdown phrase: the e-mail address when one is set, and the Contact page. */
function contactPhrase(locale: Locale, email: string | undefined): string {
  const mail = email ? `[${email}](mailto:${email})` : "";
  if (locale === "vi")
    return mail ? `${mail} hoặc các kênh trên [trang Liên hệ](/contact)` : "[trang Liên hệ](/contact)";
  return mail ? `${mail} or the channels on our [Contact page](/contact)` : "our [Contact page](/contact)";
}

export interface StartingTextValues {
  /** The contact e-mail address, if the operator set one. */
  contactEmail: string | undefined;
}

/** The starting text of one page in one language, filled in. */
export function startingText(page: LegalPage, locale: Locale, values: StartingTextValues): string {
  const source = `starting-texts/${page}.${locale}.md`;
  const template = templates[`${page}.${locale}`];
  const all = { siteName: BRAND, contact: contactPhrase(locale, values.contactEmail) };
  // A text need not name both (the refund policy has no site name): fill the ones it has.
  const used = placeholderNames(template, source);
  return fillPlaceholders(template, Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name))), source);
}
