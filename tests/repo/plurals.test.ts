/**
 * Plurals go through Lingui's `plural` (ICU rules per language), never by hand (issue 38): this
 * finds, in src/web, a choice between texts made by comparing a count with 1 (`n === 1 ? "credit"
 * : "credits"`), and in the catalogues a number glued to a plural word (`{n} credits`) that no
 * plural rule chose.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WEB = path.join(ROOT, "src/web");

/** Words counted in this app's texts. */
const COUNTED =
  /(?<!\}-)\{\w+\}\s+(?:more\s+)?(credits|videos|tokens|API tokens|webhook endpoints|endpoints|days|hours|minutes|seconds|sessions|users|orders|images|deliveries|attempts|accounts|packages|times|clips|items|results|rows|files)\b/;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "locales") yield* sourceFiles(full);
    } else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** Whether `node` is text a person reads: a string, a template, a t`` / msg`` or JSX. */
function isText(node: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  return (
    ts.isStringLiteralLike(inner) ||
    ts.isTemplateExpression(inner) ||
    ts.isTaggedTemplateExpression(inner) ||
    ts.isJsxElement(inner) ||
    ts.isJsxFragment(inner) ||
    ts.isJsxSelfClosingElement(inner)
  );
}

/** `n === 1`, `n !== 1`, `n > 1`, `1 === n`...: a count compared with one. */
function comparesWithOne(node: ts.Expression): boolean {
  if (!ts.isBinaryExpression(node)) return false;
  const op = node.operatorToken.kind;
  const ops = [
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
    ts.SyntaxKind.GreaterThanToken,
  ];
  const one = (e: ts.Expression) => ts.isNumericLiteral(e) && e.text === "1";
  return ops.includes(op) && (one(node.left) || one(node.right));
}

function handMadeChoices(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isConditionalExpression(node) && comparesWithOne(node.condition)) {
      if (isText(node.whenTrue) && isText(node.whenFalse)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${path.relative(ROOT, file)}:${line}: ${node.getText().replace(/\s+/g, " ").slice(0, 120)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("plurals", () => {
  it("no text in src/web is chosen by comparing a count with 1", () => {
    const found = [...sourceFiles(WEB)].flatMap(handMadeChoices);
    expect(found).toEqual([]);
  });

  it("no message glues a number to a plural word outside a plural rule", () => {
    const found: string[] = [];
    for (const catalogue of ["public", "app", "admin"]) {
      const po = fs.readFileSync(path.join(WEB, `locales/en/${catalogue}.po`), "utf8");
      let files: string[] = [];
      for (const line of po.split("\n")) {
        if (line.startsWith("#: ")) files.push(line.slice(3).trim());
        else if (line.startsWith("msgid ")) {
          const id = JSON.parse(line.slice(6)) as string;
          if (!id.includes(", plural,") && COUNTED.test(id)) {
            found.push(`${files.join(", ")}: ${id}`);
          }
          files = [];
        }
      }
    }
    expect(found).toEqual([]);
  });
});
