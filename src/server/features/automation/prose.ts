/**
 * The automation guide's long prose (decision 0071): Markdown files in ./prose/ with `{{name}}`
 * placeholders for the values that vary. Each file is read once, when the module using it loads
 * (the build copies ./prose/ next to the compiled code); filling it is a string replace.
 */
import fs from "node:fs";

export type ProseValues = Record<string, string | number>;

/** `{{name}}`; anything else between double braces is an error, not text to send. */
const PLACEHOLDER = /\{\{([A-Za-z]\w*)\}\}/g;
const BRACES = /\{\{|\}\}/;

/** The names of `template`'s placeholders; throws on a malformed one such as `{{ x }}`. */
export function placeholderNames(template: string, source = "template"): Set<string> {
  const stray = BRACES.exec(template.replace(PLACEHOLDER, ""));
  if (stray) throw new Error(`${source}: "${stray[0]}" outside a {{name}} placeholder`);
  return new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!));
}

/**
 * `template` with every `{{name}}` replaced by `values[name]`. Throws when a placeholder has no
 * value or a value has no placeholder, so a typo never reaches a reader as `{{name}}`.
 */
export function fillPlaceholders(template: string, values: ProseValues, source = "template"): string {
  const names = placeholderNames(template, source);
  const missing = [...names].filter((name) => !Object.hasOwn(values, name) || values[name] === undefined);
  if (missing.length > 0) throw new Error(`${source}: no value for ${missing.map((n) => `{{${n}}}`).join(", ")}`);
  const unused = Object.keys(values).filter((name) => !names.has(name));
  if (unused.length > 0) throw new Error(`${source}: no placeholder for ${unused.join(", ")}`);
  return template.replace(PLACEHOLDER, (_, name: string) => String(values[name]));
}

/**
 * Reads prose/<file>.md now (call it at module load, never per request) and checks that its
 * placeholders are exactly `names`; returns its filler. The file's final newline is not part of
 * the text.
 */
export function proseTemplate<Name extends string>(
  file: string,
  names: readonly Name[],
): (values: Record<Name, string | number>) => string {
  const source = `prose/${file}.md`;
  const template = fs
    .readFileSync(new URL(`./prose/${file}.md`, import.meta.url), "utf8")
    .replace(/\r\n/g, "\n")
    .replace(/\n$/, "");
  const found = placeholderNames(template, source);
  const expected = new Set<string>(names);
  const differ = [...found, ...expected].filter((n) => !found.has(n) || !expected.has(n));
  if (differ.length > 0)
    throw new Error(`${source} has placeholders ${[...found].join(", ")}; the code names ${[...expected].join(", ")}`);
  return (values) => fillPlaceholders(template, values, source);
}
