/**
 * Every sentence ends properly (issue 71 §3, decision 0163), in every message catalogue (the web
 * app's and the mail's, English and Vietnamese) and in the server's English texts a person reads
 * as they are (image refusals, video failures, refund rows).
 *
 * A message is read as the text a person sees: tags dropped (their content kept), a placeholder
 * read as one word ("X"), and each case of a plural or select as a text of its own. Then:
 * - **Unfinished**: a text that holds a sentence end inside it (".", "!", "?" or "…", maybe closed
 *   by a quote or bracket, then a space and a capital letter or a digit) is made of sentences, so
 *   it must end like one: with ".", "!", "?", "…" or ":" (a colon introduces what follows it).
 *   Labels, buttons, headings and single words hold no sentence end inside, so they are left
 *   alone whatever they end with; so are abbreviations, versions and prices ("e.g.", "3.1") and
 *   a step's number ("1. Choose a package"), which end no sentence. Two endings are proper too:
 *   a placeholder (the code passes a whole sentence: "{balance}", "{uhdNote}"), and a last tag (a
 *   link or button's label after the sentences: "Need credits? <0>See the packages</0>").
 * - **Joined**: a lower-case word (maybe in brackets) followed by a word that only ever opens a
 *   sentence in these catalogues ("Your", "You", "Please"…; "Bạn", "Vui lòng"… in Vietnamese) is
 *   two sentences run together without a stop ("failed (simulated) Your 1 credit"). A heading in
 *   title case ("Start Your First Video") has a capital before it, so it is not one.
 * - **Vietnamese ends as English does**: a translation of a message that ends with a sentence end
 *   ends with one too.
 * Each check is one pass of patterns without nested repetition, so none can backtrack.
 */
import fs from "node:fs";
import { parse, type Token } from "@messageformat/parser";
import PO from "pofile";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "../../src/server/features/automation/reference-image.js";
import { EXTEND_AFTER_HD, refusal } from "../../src/server/features/videos/generate-submit.js";
import { IMAGE_REFUSALS } from "../../src/server/features/videos/image-refusal.js";
import { VendorError, type VendorErrorKind } from "../../src/server/integrations/video/errors.js";
import { REJECT_MSG } from "../../src/server/simulator/markers.js";
import { refundDescription, VIDEO_FAILURES, videoFailureSentence } from "../../src/shared/video-failures.js";

const CATALOGUES = ["public", "app", "admin", "mail"] as const;
const LOCALES = ["en", "vi"] as const;
type Locale = (typeof LOCALES)[number];

/** A sentence end inside a text: the mark, closing quotes or brackets, a space, then a capital or a digit. */
const INNER_END = /[.!?…]["”’)\]]*\s+[\p{Lu}\d]/u;
/** A placeholder's stand-in: a whole sentence may be passed in it. */
const PLACEHOLDER = "\uE000";
/** How a text made of sentences may end (after closing quotes or brackets), or its placeholder. */
const PROPER_END = /([.!?…:]["”’)\]]*|\uE000)$/u;
/** A sentence end at the very end of a text (what a translation must keep). */
const SENTENCE_END = /[.!?…]["”’)\]]*$/u;
/** Words that open a sentence, and never stand capitalised inside one, in each language. */
const OPENERS: Record<Locale, RegExp> = {
  en: /(^|\s)\(?[\p{Ll}\d][\p{L}\d]*\)?\s+(Your|You|Please|We|It|This|These)\s/u,
  vi: /(^|\s)\(?[\p{Ll}\d][\p{L}\d]*\)?\s+(Bạn|Vui lòng|Hãy|Chúng tôi)\s/u,
};
/**
 * Abbreviations whose full stop ends no sentence ("e.g. Black Friday"), and a version or price
 * ("Veo 3.1", "$0.10"): masked before the checks.
 */
const NOT_AN_END = /\b(e\.g|i\.e|etc|vs|approx|No)\.|\d\.\d|^\d+\./g;
/** A link or button's label that ends a message, after its sentences. */
const LAST_TAG = /\s*<(\d+)>[^<]*<\/\1>$/;

/** The texts a person may see of a message: its plural and select cases each on their own. */
function variants(message: string): string[] {
  const expand = (tokens: Token[]): string[] => {
    let texts = [""];
    for (const token of tokens) {
      let pieces: string[];
      if (token.type === "content") pieces = [token.value];
      else if (token.type === "argument" || token.type === "function") pieces = [PLACEHOLDER];
      else if (token.type === "octothorpe") pieces = ["2"];
      else if (token.type === "plural" || token.type === "select" || token.type === "selectordinal")
        pieces = token.cases.flatMap((c) => expand(c.tokens));
      else pieces = [""];
      texts = texts.flatMap((before) => pieces.map((piece) => before + piece));
    }
    return texts;
  };
  const tokens = parse(message.trim().replace(LAST_TAG, ""), { strict: false });
  return expand(tokens).map((text) =>
    text
      .replace(/<\/?\d+\/?>/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** What is wrong with a text's sentence endings, or nothing. */
export function endingProblems(message: string, locale: Locale): string[] {
  const problems = new Set<string>();
  for (const text of variants(message)) {
    const masked = text.replace(NOT_AN_END, "X");
    if (INNER_END.test(masked) && !PROPER_END.test(masked)) problems.add("unfinished");
    if (OPENERS[locale].test(masked.replaceAll(PLACEHOLDER, "X"))) problems.add("joined");
  }
  return [...problems];
}

interface Message {
  where: string;
  english: string;
  text: string;
  locale: Locale;
}

function catalogueMessages(): Message[] {
  const out: Message[] = [];
  for (const locale of LOCALES) {
    for (const name of CATALOGUES) {
      const po = PO.parse(fs.readFileSync(`src/web/locales/${locale}/${name}.po`, "utf8"));
      for (const item of po.items) {
        if (item.obsolete || !item.msgid) continue;
        // English's catalogue leaves msgstr empty: the source text is the message.
        const text = locale === "en" ? item.msgstr[0] || item.msgid : (item.msgstr[0] ?? "");
        if (text) out.push({ where: `${locale}/${name}.po`, english: item.msgid, text, locale });
      }
    }
  }
  return out;
}

const VENDOR_ERROR_KINDS: VendorErrorKind[] = ["rejected", "model_retired", "rate_limited", "unavailable", "failed"];

/**
 * The server's English texts people read as they are, where they are listed: the image refusals,
 * a video's failure and its refund row, and what a start the vendors refused answers. Each is an
 * error's or a history's sentence, never a label, so each ends with its stop.
 */
function serverTexts(): string[] {
  return [
    ...Object.values(IMAGE_REFUSALS),
    ...Object.values(IMAGE_MESSAGES),
    ...VIDEO_FAILURES.flatMap((f) => [videoFailureSentence(f), videoFailureSentence(f, "Veo3 Fast")]),
    ...VIDEO_FAILURES.map((f) => refundDescription(f, "Kling 3.0")),
    EXTEND_AFTER_HD,
    ...VENDOR_ERROR_KINDS.flatMap((kind) =>
      [REJECT_MSG, "Internal Error", "Videos after 1080P generation cannot be extended"].map(
        (message) => refusal(new VendorError(kind, message), 2, "veo3_fast").error.message,
      ),
    ),
  ];
}

describe("sentence endings", () => {
  it("finds what the rule is for, and leaves labels alone", () => {
    expect(endingProblems("Video generation failed (simulated) Your 1 credit was refunded.", "en")).toEqual(["joined"]);
    expect(endingProblems("The image must be 10 MB or smaller. Please choose a smaller image", "en")).toEqual([
      "unfinished",
    ]);
    expect(
      endingProblems("{0, plural, one {You have # credit left} other {You have # credits. Buy more}}", "en"),
    ).toEqual(["unfinished"]);
    expect(endingProblems("Không tải được ảnh Bạn hãy thử lại.", "vi")).toEqual(["joined"]);
    // Labels, headings, buttons, single words, abbreviations and versions: not sentences.
    for (const label of ["Prompt declined", "Video ready", "Veo 3.1 Fast", "e.g. Black Friday sale", "Retry"]) {
      expect(endingProblems(label, "en")).toEqual([]);
    }
    expect(endingProblems("Something happened. Choose one:", "en")).toEqual([]);
    expect(endingProblems("Done. <0>Open it</0>.", "en")).toEqual([]);
  });

  it("every message made of sentences ends with its stop, and none runs two together", () => {
    const found = catalogueMessages().flatMap((m) =>
      endingProblems(m.text, m.locale).map((problem) => `${m.where} ${problem}: ${m.text}`),
    );
    expect(found).toEqual([]);
  });

  it("the server's sentences a person reads as they are end with their stop and run none together", () => {
    const texts = serverTexts();
    expect(texts.length).toBeGreaterThan(40);
    const found = texts
      .map((text) => ({ text, problems: SENTENCE_END.test(text) ? endingProblems(text, "en") : ["unfinished"] }))
      .filter((m) => m.problems.length > 0);
    expect(found).toEqual([]);
  });

  it("a Vietnamese message ends with a sentence end where its English does", () => {
    const found = catalogueMessages()
      .filter((m) => m.locale === "vi")
      .filter((m) => variants(m.english).every((v) => SENTENCE_END.test(v)))
      .filter((m) => variants(m.text).some((v) => !SENTENCE_END.test(v)))
      .map((m) => `${m.where}: ${m.english} → ${m.text}`);
    expect(found).toEqual([]);
  });
});
