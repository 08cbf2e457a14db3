/**
 * The web app's catalogues (decision 0056): every message the source asks for is in both
 * languages' catalogues, none is left over, and each translation keeps its message's arguments
 * (placeholders, plural and select variables, tags) so no value is lost or invented.
 */
import fs from "node:fs";
import { parse, type Token } from "@messageformat/parser";
import PO from "pofile";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../src/shared/i18n.js";
import { sourceMessages } from "../../scripts/i18n-source-messages.mjs";

const CATALOGS = ["public", "app", "admin"] as const;
/** The server's mail templates have a catalogue of their own (decision 0085), never merged with the web's. */
const MAIL_TEMPLATES = "src/server/features/mail/templates";

interface Entry {
  /** The English source text (and its context, when it has one). */
  key: string;
  translation: string;
}

function readCatalog(locale: string, name: string): Entry[] {
  const po = PO.parse(fs.readFileSync(`src/web/locales/${locale}/${name}.po`, "utf8"));
  return po.items
    .filter((item) => !item.obsolete)
    .map((item) => ({ key: keyOf(item.msgid, item.msgctxt), translation: item.msgstr[0] ?? "" }));
}

const keyOf = (message: string, context?: string | null) => (context ? `${context}\u0004${message}` : message);

/** The arguments a message uses, by kind: `{name}`, `{n, plural, ...}`, `<0>...</0>`. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument") found.add(`arg:${token.arg}`);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        found.add(`${token.type === "select" ? "select" : "plural"}:${token.arg}`);
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message, { strict: false }));
  for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) found.add(`tag:${tag[1]}`);
  return [...found].sort();
}

describe("message catalogues", () => {
  it("hold exactly the messages the web app's source uses, in every language", async () => {
    const used = new Set((await sourceMessages()).map((m) => keyOf(m.message, m.context)));
    expect(used.size).toBeGreaterThan(500);
    for (const locale of LOCALES) {
      const inCatalogs = new Set(CATALOGS.flatMap((name) => readCatalog(locale, name).map((e) => e.key)));
      const missing = [...used].filter((key) => !inCatalogs.has(key));
      const unused = [...inCatalogs].filter((key) => !used.has(key));
      expect({ locale, missing, unused }).toEqual({ locale, missing: [], unused: [] });
    }
  }, 120_000);

  it("mail: holds exactly the texts the mail templates use", () => {
    const used = new Set<string>();
    for (const file of fs.readdirSync(MAIL_TEMPLATES).filter((f) => f.endsWith(".tsx"))) {
      const source = fs.readFileSync(`${MAIL_TEMPLATES}/${file}`, "utf8");
      // Either quote (Prettier picks the one with fewer escapes), read as a JSON string.
      for (const call of source.matchAll(/i18n\._\(\s*(["'])((?:\\.|(?!\1)[^\\])*)\1/g)) {
        const body = call[1] === "'" ? call[2]!.replaceAll("\\'", "'").replaceAll('"', '\\"') : call[2]!;
        used.add(JSON.parse(`"${body}"`) as string);
      }
    }
    expect(used.size).toBeGreaterThan(40);
    for (const locale of LOCALES) {
      const inCatalog = new Set(readCatalog(locale, "mail").map((e) => e.key));
      const missing = [...used].filter((key) => !inCatalog.has(key));
      const unused = [...inCatalog].filter((key) => !used.has(key));
      expect({ locale, missing, unused }).toEqual({ locale, missing: [], unused: [] });
    }
  });

  it.each([...CATALOGS, "mail"])(
    "%s: every Vietnamese translation exists and keeps its message's arguments",
    (name) => {
      const english = readCatalog("en", name);
      const vietnamese = new Map(readCatalog("vi", name).map((e) => [e.key, e.translation]));
      expect([...vietnamese.keys()].sort()).toEqual(english.map((e) => e.key).sort());
      const problems: string[] = [];
      for (const { key } of english) {
        const translation = vietnamese.get(key) ?? "";
        const message = key.split("\u0004").at(-1)!;
        if (!translation.trim()) problems.push(`untranslated: ${message}`);
        else if (JSON.stringify(argumentsOf(translation)) !== JSON.stringify(argumentsOf(message)))
          problems.push(`arguments differ: ${message} -> ${translation}`);
      }
      expect(problems).toEqual([]);
    },
  );

  // The catalogues a page loads are merged into one set of messages, so a message translated two
  // ways would read as whichever catalogue loaded last (an admin button's text and its name could
  // then disagree).
  it("translate a message shared by several catalogues the same way in each", () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const seen = new Map<string, { catalog: string; translation: string }>();
      for (const name of CATALOGS) {
        for (const { key, translation } of readCatalog(locale, name)) {
          const first = seen.get(key);
          if (!first) seen.set(key, { catalog: name, translation });
          else if (first.translation !== translation)
            problems.push(
              `${locale}: "${key}" is "${first.translation}" in ${first.catalog}, "${translation}" in ${name}`,
            );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("reads arguments the way the test relies on", () => {
    expect(argumentsOf("{count, plural, one {# video by {name}} other {# videos}} <0>here</0>")).toEqual([
      "arg:name",
      "plural:count",
      "tag:0",
    ]);
    expect(argumentsOf("{count, plural, other {# video}} <0>đây</0>")).not.toEqual(
      argumentsOf("{count, plural, other {# video by {name}}} <0>x</0>"),
    );
  });
});
