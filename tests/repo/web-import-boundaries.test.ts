/**
 * The web app's import boundaries (decision 0037), through ESLint's API with the project's own
 * eslint.config.js: a feature reaches another only through its index.ts, relative imports stay
 * inside a feature, the lower layers know no feature, and nothing in src/web imports src/server.
 */
import path from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

// The probe files do not exist, so no TypeScript project holds them: the boundaries need no types
// (and the rule on unlocalized strings, which reads types, has nothing to say about an import).
const eslint = new ESLint({
  cwd: path.resolve(import.meta.dirname, "../.."),
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { files: ["src/web/**"], rules: { "lingui/no-unlocalized-strings": "off" } },
  ],
});

/** The no-restricted-imports messages for `source` imported from a file at `filePath`. */
async function refusals(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from "${source}";\nexport const y = x;\n`, { filePath });
  expect(result, filePath).toBeDefined();
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("web import boundaries", () => {
  it("refuses a feature importing another feature's internals, by alias or relative path", async () => {
    expect(await refusals("src/web/features/admin/example.ts", "@/features/auth/use-current-user")).toEqual([
      expect.stringContaining("only through its index.ts"),
    ]);
    expect(await refusals("src/web/features/live/example.ts", "../videos/video-api")).toEqual([
      expect.stringContaining("Relative imports stay inside the feature"),
    ]);
    expect(await refusals("src/web/features/payments/example.tsx", "../../features/auth/auth-api")).not.toEqual([]);
  });

  it("lets a feature use another feature's index, its own files, the shared code and the common layers", async () => {
    for (const [file, source] of [
      ["src/web/features/admin/example.ts", "@/features/auth"],
      ["src/web/features/auth/example.ts", "./use-current-user"],
      ["src/web/features/auth/example.ts", "@/features/auth/use-current-user"],
      ["src/web/features/videos/example.ts", "../../../shared/videos"],
      ["src/web/features/videos/example.ts", "@/lib/query-keys"],
      ["src/web/features/account/example.tsx", "@/components/ui/user-avatar"],
      // Pages assemble features: they may import a feature's files.
      ["src/web/pages/example.tsx", "@/features/videos/generate-form"],
    ] as const) {
      expect(await refusals(file, source), `${file} -> ${source}`).toEqual([]);
    }
  });

  it("refuses features importing pages or the app (its routes and shell)", async () => {
    expect(await refusals("src/web/features/landing/example.tsx", "@/pages/login-page")).not.toEqual([]);
    expect(await refusals("src/web/features/landing/example.tsx", "@/app/app")).not.toEqual([]);
    expect(await refusals("src/web/features/account/example.tsx", "@/app/shell/user-menu")).toEqual([
      expect.stringContaining("Features do not import pages or the app"),
    ]);
  });

  it("refuses lib, hooks and components/ui importing features, pages or the app", async () => {
    expect(await refusals("src/web/lib/example.ts", "@/features/auth")).not.toEqual([]);
    expect(await refusals("src/web/hooks/example.ts", "../features/auth/use-current-user")).not.toEqual([]);
    expect(await refusals("src/web/components/ui/example.tsx", "@/pages/landing-page")).not.toEqual([]);
    expect(await refusals("src/web/components/ui/example.tsx", "@/app/shell/site-header")).not.toEqual([]);
  });

  it("refuses any web file importing server code", async () => {
    expect(await refusals("src/web/pages/example.tsx", "../../server/config")).toEqual([
      expect.stringContaining("never imports server code"),
    ]);
    expect(await refusals("src/web/features/auth/example.ts", "../../../server/features/auth/service")).toEqual(
      expect.arrayContaining([expect.stringContaining("never imports server code")]),
    );
    expect(await refusals("src/web/lib/example.ts", "../../server/http/errors")).toEqual(
      expect.arrayContaining([expect.stringContaining("never imports server code")]),
    );
  });
});
