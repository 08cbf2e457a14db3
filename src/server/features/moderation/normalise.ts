/**
 * Text as the admin's rules see it (decision 0089): lower case, compatibility forms folded (NFKD:
 * full-width letters, ligatures), accents and every other combining mark dropped (Vietnamese too:
 * "giết" is "giet"), invisible characters dropped (zero-width spaces and joiners, soft hyphens,
 * Hangul fillers), common look-alikes folded onto one letter (Cyrillic "а" and Latin "a"; "0" and
 * "o"; "1", "l", "i" and "|" all "i"), runs of three or more of one letter cut to two, anything that
 * is not a letter or digit a word break, and a run of single letters joined ("k i l l" is "kill").
 * Every step looks at each character once: the work grows with the text and nothing else.
 *
 * Limits: look-alikes outside the table (most of Unicode's confusables), letters split unevenly
 * ("ki ll"), words run together ("killall"), and meaning itself are not caught; folding makes a
 * short rule match more than it says ("kil" matches "kill"). Rules are folded the same way.
 */

/** One look-alike letter for each group; a rule and a prompt meet on it. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  з: "e",
  і: "i",
  ї: "i",
  ј: "j",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  ԁ: "d",
  һ: "h",
  ԛ: "q",
  ԝ: "w",
  // Greek
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  μ: "u",
  ν: "v",
  ο: "o",
  ρ: "p",
  σ: "o",
  ς: "c",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  // Latin letters NFKD leaves whole
  đ: "d",
  ð: "d",
  ı: "i",
  ł: "i",
  ø: "o",
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ɡ: "g",
  ĸ: "k",
  // the l / 1 / i group
  l: "i",
  // digits written for letters
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
};

/** Symbols written for letters ("$hit", "@ss", "k!ll"): letters in one reading of the text, breaks in the other. */
const SYMBOL_LETTERS: Record<string, string> = { "@": "a", $: "s", "!": "i", "|": "i", "€": "e", "¡": "i" };

/** Invisible characters that are letters to Unicode (Hangul fillers), dropped like the format characters. */
const INVISIBLE_LETTERS = new Set(["\u115f", "\u1160", "\u3164", "\uffa0"]);

const MARK = /\p{M}/u;
const FORMAT = /\p{Cf}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A character as the rules read it: "" when dropped, " " when a break, else its folded letters. */
function fold(ch: string, symbolsAreLetters: boolean): string {
  if (MARK.test(ch) || FORMAT.test(ch) || INVISIBLE_LETTERS.has(ch)) return "";
  const symbol = SYMBOL_LETTERS[ch];
  if (symbol !== undefined) return symbolsAreLetters ? symbol : " ";
  const folded = LOOK_ALIKES[ch] ?? ch;
  return WORD_CHAR.test(folded) ? folded : " ";
}

/** At most two of the same character in a row. */
function cutRuns(word: string): string {
  let out = "";
  for (let i = 0; i < word.length; i++) {
    if (i >= 2 && word[i] === word[i - 1] && word[i] === word[i - 2]) continue;
    out += word[i];
  }
  return out;
}

/**
 * The words of `text` as the rules read them. `symbolsAreLetters`: whether "$", "@", "!" and "|"
 * stand for letters ("$hit") or are punctuation ("kill!"); a prompt is read both ways.
 */
export function ruleWords(text: string, symbolsAreLetters: boolean): string[] {
  const words: string[] = [];
  let word = "";
  for (const ch of text.toLowerCase().normalize("NFKD")) {
    const folded = fold(ch, symbolsAreLetters);
    if (folded === " ") {
      if (word) words.push(word);
      word = "";
    } else {
      word += folded;
    }
  }
  if (word) words.push(word);
  // "k i l l", "k.i.l.l": a run of two or more single letters is one word.
  const joined: string[] = [];
  let letters = "";
  const flush = () => {
    if (letters) joined.push(letters);
    letters = "";
  };
  for (const w of words) {
    if (w.length === 1) letters += w;
    else {
      flush();
      joined.push(w);
    }
  }
  flush();
  return joined.map(cutRuns);
}

/** The folded text with one space before, between and after its words: " kill them ". */
export function ruleText(text: string, symbolsAreLetters: boolean): string {
  const words = ruleWords(text, symbolsAreLetters);
  return words.length === 0 ? " " : ` ${words.join(" ")} `;
}
