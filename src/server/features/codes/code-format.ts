/**
 * What a code looks like (decision 0156). Codes are kept in their normal form: upper case, with no
 * spaces, dashes or other separators, so they are case-insensitive and may be typed grouped or
 * not. Generated codes use an alphabet without look-alikes (no 0/O, 1/I/L, U/V): 29 characters,
 * 12 of them (about 58 bits), shown in groups of four: `ABCD-EFGH-JKMN`. An admin's own code may
 * use any letter A-Z and digit 0-9 (a campaign's word, `SUMMER2026`), 4 to 32 of them.
 */
import { randomCode } from "../../lib/tokens.js";

/** Crockford-like: no 0, 1, I, L, O, U. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GENERATED_LENGTH = 12;
const CUSTOM_MIN_LENGTH = 4;
const CUSTOM_MAX_LENGTH = 32;
const CUSTOM_CODE = /^[A-Z0-9]+$/;

/** Upper case, separators (spaces, dashes, underscores, dots) taken out; Unicode folded to NFKC first. */
export function normaliseCode(typed: string): string {
  return typed
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s\-_.\u2010-\u2015]+/g, "");
}

/** A random code of the alphabet (node:crypto), in its normal form. */
export function generateCode(length = GENERATED_LENGTH): string {
  return randomCode(CODE_ALPHABET, length);
}

/** How a code is shown: a code of the generated length in groups of four, any other as it is. */
export function displayCode(code: string): string {
  if (code.length !== GENERATED_LENGTH) return code;
  return code.match(/.{1,4}/g)!.join("-");
}

/** Why an admin's own code cannot be used, or null when it can (in its normal form). */
export function customCodeProblem(normal: string): string | null {
  if (normal.length < CUSTOM_MIN_LENGTH || normal.length > CUSTOM_MAX_LENGTH)
    return `A code has ${CUSTOM_MIN_LENGTH} to ${CUSTOM_MAX_LENGTH} letters and digits (dashes and spaces do not count).`;
  if (!CUSTOM_CODE.test(normal))
    return "A code may only use the letters A-Z and the digits 0-9 (dashes and spaces are ignored).";
  return null;
}

/** Whether a typed text could be a code at all (anything else is a wrong guess, never looked up). */
export function couldBeCode(normal: string): boolean {
  return customCodeProblem(normal) === null;
}
