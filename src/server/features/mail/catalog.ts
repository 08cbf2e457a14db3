/**
 * The mail's words in each language (decision 0085): the `mail` Lingui catalogue beside the web
 * app's (src/web/locales/{locale}/mail.po, `npm run i18n:extract` fills it from ./templates, where
 * every text is an `i18n._("...")` call). Read once, compiled by Lingui's own message compiler; a
 * text without a translation falls back to its English source.
 */
import fs from "node:fs";
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import PO from "pofile";
import { LOCALES, type Locale } from "../../../shared/i18n.js";

/** Where the catalogues are, from here in src/ and in dist/node/ alike (scripts/build.mjs copies them). */
const LOCALES_DIR = new URL("../../../web/locales/", import.meta.url);

function readCatalogue(locale: Locale): Record<string, string> {
  const po = PO.parse(fs.readFileSync(new URL(`${locale}/mail.po`, LOCALES_DIR), "utf8"));
  const messages: Record<string, string> = {};
  for (const item of po.items) {
    const translation = item.msgstr[0];
    if (!item.obsolete && translation) messages[item.msgid] = translation;
  }
  return messages;
}

let cached: Map<Locale, I18n> | undefined;

/** A Lingui I18n for mail in this language (its catalogue read at the first call). */
export function mailI18n(locale: Locale): I18n {
  cached ??= new Map(
    LOCALES.map((l) => {
      const i18n = setupI18n();
      i18n.setMessagesCompiler(compileMessage);
      i18n.loadAndActivate({ locale: l, messages: readCatalogue(l) });
      return [l, i18n] as const;
    }),
  );
  const i18n = cached.get(locale);
  if (!i18n) throw new Error(`No mail catalogue for ${locale}`);
  return i18n;
}
