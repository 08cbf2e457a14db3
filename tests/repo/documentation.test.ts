/**
 * What the README and the documents it links to say holds (issue 65 §5): the README's first screen
 * is the quick start; docs/configuration.md names every setting the server reads, with the
 * schema's defaults; the commands named are package.json's; the links and the decisions cited
 * exist; the Node named is the one the product supports.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_NODE } from "../../scripts/supported-node.mjs";
import { envSchema } from "../../src/server/config.js";

const read = (file: string) => fs.readFileSync(file, "utf8");
const readme = read("README.md");
/** The README and the documents beside the decisions (those record what was, and stay as written). */
const documents = [
  "README.md",
  ...fs
    .readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;

/** The rows of the Markdown tables in `text` whose first cell is a backticked name: name → default cell. */
function settingRows(text: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of text.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? "")?.[1];
    if (!name) continue;
    expect(rows.has(name), `${name} is listed once`).toBe(false);
    rows.set(name, cells[2] ?? "");
  }
  return rows;
}

describe("the README", () => {
  const lines = readme.split("\n");

  it("opens with what the product is, its picture and the quick start, on one screen", () => {
    const firstScreen = lines.slice(0, 30).join("\n");
    expect(firstScreen).toMatch(/^# Veo Studio\n\nA credit-based AI video generation web service\./);
    expect(firstScreen).toMatch(/!\[[^\]]+\]\(docs\/images\/generator\.png\)/);
    expect(fs.statSync("docs/images/generator.png").size).toBeGreaterThan(10_000);
    expect(firstScreen).toContain("npm install && npm start");
    expect(firstScreen).toContain("npm test");
    expect(firstScreen).toContain("ADMIN_USERNAME=admin ADMIN_PASSWORD=");
    expect(firstScreen).toContain("http://localhost:3000/login");
    expect(lines.length).toBeLessThanOrEqual(60);
  });

  it("names the Nodes the product supports, and says an older one is handled", () => {
    expect(SUPPORTED_NODE).toBe("^22.19.0 || >=24.0.0");
    expect(readme).toContain("Node.js 24 (or 22.19 and newer)");
    expect(readme).toMatch(/On an older Node[^.]*the commands run on Node 24 from the npm registry/);
  });
});

describe("docs/configuration.md", () => {
  const rows = settingRows(read("docs/configuration.md"));
  const shape = envSchema.shape as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;

  it("lists every setting the server reads, and the commands' own, and nothing else", () => {
    const documented = [...rows.keys()].filter((name) => !["DEV_API_PORT", "TEST_DATABASE_URL"].includes(name));
    expect(documented.sort()).toEqual(Object.keys(shape).sort());
    expect(read("scripts/dev.mjs")).toContain("process.env.DEV_API_PORT");
  });

  it("gives each setting the default the server applies", () => {
    for (const name of Object.keys(shape)) {
      const parsed = shape[name]!.safeParse(undefined);
      expect(parsed.success, name).toBe(true);
      const value = parsed.data;
      if (value === undefined) continue;
      // The defaults are numbers, strings and true/false (TRUST_PROXY's false is "trust nothing").
      expect(["number", "string", "boolean"], name).toContain(typeof value);
      expect(rows.get(name), name).toBe(`\`${value as string | number | boolean}\``);
    }
  });

  it("is grouped with the essentials first", () => {
    const headings = [...read("docs/configuration.md").matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings[0]).toBe("Essentials");
    const essentials = read("docs/configuration.md").split("## ")[1]!;
    for (const name of ["PORT", "PUBLIC_URL", "DATA_DIR", "ADMIN_USERNAME", "ADMIN_PASSWORD"])
      expect(essentials).toContain(`\`${name}\``);
  });
});

describe("the documents", () => {
  it("name only npm commands package.json has", () => {
    const builtins = new Set(["install", "ci", "test", "start"]);
    for (const file of documents) {
      for (const [, name] of read(file).matchAll(/\bnpm run ([a-z][\w:-]*)/g))
        expect(scripts, `${file}: npm run ${name}`).toHaveProperty([name!]);
      for (const [, name] of read(file).matchAll(/\bnpm (start|test)\b/g))
        expect(builtins.has(name!) && scripts[name!], `${file}: npm ${name}`).toBeTruthy();
    }
  });

  it("link only to files that exist", () => {
    for (const file of documents) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s#]+)(?:#[^)\s]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        expect(fs.existsSync(path.join(path.dirname(file), target!)), `${file} → ${target}`).toBe(true);
      }
    }
  });

  it("cite decisions that exist", () => {
    const decisions = new Set(fs.readdirSync("docs/decisions").map((f) => f.slice(0, 4)));
    const features = read("docs/features.md");
    const cited = [...features.matchAll(/\b(0\d{3})(?:-(0\d{3}))?\b/g)].flatMap(([, from, to]) => {
      const [a, b] = [Number(from), Number(to ?? from)];
      return Array.from({ length: b - a + 1 }, (_, i) => String(a + i).padStart(4, "0"));
    });
    expect(cited.length).toBeGreaterThan(40);
    for (const number of cited) expect(decisions.has(number), `decision ${number}`).toBe(true);
  });
});
