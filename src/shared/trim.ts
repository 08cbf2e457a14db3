/**
 * Cutting a run of characters off the ends of a string, in one pass (issue 36). A pattern such
 * as `/\/+$/` looks like it does this, but V8 tries the run from every position it starts at:
 * on a long run that does not end the string ("/" x 16,000 then "x") that is quadratic, about a
 * second of CPU for one request. Use these instead of an end-anchored quantifier (lint refuses
 * those: regexp/no-super-linear-move).
 */

/** `text` without the characters at its end for which `cut` holds. */
export function trimEndWhere(text: string, cut: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && cut(text.charAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` without the characters at its start for which `cut` holds. */
function trimStartWhere(text: string, cut: (char: string) => boolean): string {
  let start = 0;
  while (start < text.length && cut(text.charAt(start))) start++;
  return start === 0 ? text : text.slice(start);
}

/** `text` without any of the characters in `chars` at either end. */
export function trimChars(text: string, chars: string): string {
  const cut = (char: string) => chars.includes(char);
  return trimStartWhere(trimEndWhere(text, cut), cut);
}

/** `text` without its trailing slashes ("https://a.example//" -> "https://a.example"). */
export const withoutTrailingSlashes = (text: string): string => trimEndWhere(text, (char) => char === "/");
