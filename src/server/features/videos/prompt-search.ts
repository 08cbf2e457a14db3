/**
 * Searching the gallery by words of the prompt (decision 0080): case- and accent-insensitive
 * ("da lat" finds "Đà Lạt"), and the words are matched as themselves: `%`, `_` and `\` are no
 * LIKE wildcards. Both sides are folded by PostgreSQL the same way (lower(), then translate()
 * with the table below), so the database's locale cannot make them disagree.
 */
import { sql, type SQL } from "drizzle-orm";

/** Letters with no decomposition that people still type without their stroke. */
const STROKED: Record<string, string> = { đ: "d", Đ: "d", ð: "d", Ð: "d", ø: "o", Ø: "o", ł: "l", Ł: "l" };

/** The Latin letters with accents (Latin-1, Extended-A/B, Vietnamese's Extended Additional) -> their plain lower-case letter. */
function foldTable(): { from: string; to: string } {
  let from = "";
  let to = "";
  const ranges: Array<[number, number]> = [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ];
  for (const [start, end] of ranges) {
    for (let code = start; code <= end; code++) {
      const letter = String.fromCodePoint(code);
      const plain = STROKED[letter] ?? letter.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      if (plain !== letter && /^[a-z]$/.test(plain)) {
        from += letter;
        to += plain;
      }
    }
  }
  // Combining marks (a prompt typed decomposed): in `from` with no counterpart, so translate() drops them.
  for (let code = 0x300; code <= 0x36f; code++) from += String.fromCodePoint(code);
  return { from, to };
}

const FOLD = foldTable();

/** `text` folded: lower case, accents and combining marks gone. */
const folded = (text: SQL) => sql`translate(lower(${text}), ${FOLD.from}, ${FOLD.to})`;

/** LIKE's wildcards and its escape character, escaped, so the words match only themselves. */
function likeLiteral(words: string): string {
  return words.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The task's prompt contains `words` (folded both sides). */
export function promptMatches(words: string): SQL {
  const pattern = `%${likeLiteral(words.normalize("NFC"))}%`;
  return sql`${folded(sql`prompt`)} like ${folded(sql`${pattern}`)} escape '\\'`;
}
