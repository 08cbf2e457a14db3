/** The automation guide's prose files and their placeholders (decision 0071). */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildN8nWebhookWorkflow } from "../../src/server/features/automation/n8n-webhook-workflow.js";
import { buildN8nWorkflow, SETTINGS_HELP } from "../../src/server/features/automation/n8n-workflow.js";
import { fillPlaceholders, placeholderNames, proseTemplate } from "../../src/server/features/automation/prose.js";

const PROSE_DIR = path.resolve(import.meta.dirname, "../../src/server/features/automation/prose");

describe("fillPlaceholders", () => {
  it("replaces every {{name}}, as often as it appears, with its value", () => {
    expect(
      fillPlaceholders("Every {{seconds}} s, {{count}} times; every {{seconds}} s.", { seconds: 20, count: "40" }),
    ).toBe("Every 20 s, 40 times; every 20 s.");
    expect(fillPlaceholders("No placeholder, {single} braces.", {})).toBe("No placeholder, {single} braces.");
  });

  it("inserts a value as it is, without filling placeholders inside it", () => {
    expect(fillPlaceholders("{{a}} then {{b}}", { a: "{{b}}", b: "={{ $json.taskId }}" })).toBe(
      "{{b}} then ={{ $json.taskId }}",
    );
  });

  it("fails on a placeholder without a value, naming it and the file", () => {
    expect(() =>
      fillPlaceholders("From {{origin}} every {{minutes}} minutes", { origin: "https://x" }, "prose/a.md"),
    ).toThrow("prose/a.md: no value for {{minutes}}");
    const values: Record<string, string | number> = { origin: "https://x", minutes: undefined as unknown as number };
    expect(() => fillPlaceholders("{{origin}} {{minutes}}", values)).toThrow("no value for {{minutes}}");
  });

  it("fails on a value without a placeholder (a misspelt name on either side)", () => {
    expect(() => fillPlaceholders("Every {{minuts}} minutes", { minuts: 1, minutes: 60 })).toThrow(
      "no placeholder for minutes",
    );
  });

  it("fails on double braces that are not a {{name}} placeholder, instead of sending them", () => {
    for (const bad of ["{{ origin }}", "{{origin", "origin}}", "{{$json.taskId}}", "{{}}", "{{1st}}"]) {
      expect(() => fillPlaceholders(`See ${bad}.`, {}), bad).toThrow("outside a {{name}} placeholder");
    }
  });
});

describe("the prose files", () => {
  const files = fs.readdirSync(PROSE_DIR).filter((f) => f.endsWith(".md"));

  it("are well-formed templates, each used by a proseTemplate call", () => {
    expect(files.length).toBeGreaterThan(0);
    const automation = path.dirname(PROSE_DIR);
    const code = fs
      .readdirSync(automation)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => fs.readFileSync(path.join(automation, f), "utf8"))
      .join("\n");
    for (const file of files) {
      expect(() => placeholderNames(fs.readFileSync(path.join(PROSE_DIR, file), "utf8"), file)).not.toThrow();
      expect(code, file).toContain(`proseTemplate("${file.replace(/\.md$/, "")}"`);
    }
  });

  it("fail at load when the placeholders named in the code are not the file's", () => {
    expect(() => proseTemplate("n8n-settings-help", ["models", "modes", "referenceModels"])).toThrow(
      "prose/n8n-settings-help.md has placeholders models, modes, referenceModels, aspectRatios, modelsUrl; the code names models, modes, referenceModels",
    );
    expect(() => proseTemplate("no-such-file", [])).toThrow(/ENOENT/);
  });

  it("reach the workflows' notes filled, without their final newline", () => {
    const origin = "https://veo.example.com";
    for (const wf of [buildN8nWorkflow(origin), buildN8nWebhookWorkflow(origin)]) {
      const note = wf.nodes.find((n) => n.name === "Setup")!.parameters.content as string;
      expect(note).toMatch(/^## Veo Studio: generate a video/);
      expect(note).toContain(`from the /api page of ${origin})`);
      expect(note).toContain(`2. ${SETTINGS_HELP} in **`);
      expect(note).not.toMatch(/\{\{|\}\}|\n$/);
    }
    expect(SETTINGS_HELP).toMatch(
      /^Edit the prompt \(in English\), model \(veo3.*kling3.*durationSeconds.*Veo only\) and draft \(.*final\)$/,
    );
  });
});
