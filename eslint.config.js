import fs from "node:fs";
import js from "@eslint/js";
import pluginLingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The web app's import boundaries (decision 0037). A feature (src/web/features/<name>) uses
 * another only through that feature's index.ts (`@/features/<name>`); its relative imports stay
 * inside its own folder (or reach src/shared). lib, hooks and components/ui know no feature, page
 * or app. The app (src/web/app: the routes and the shell) alone composes features; no feature
 * imports it (issue 67). Nothing in src/web reaches src/server.
 */
const WEB_FEATURES = fs
  .readdirSync(new URL("src/web/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webNoServer = {
  regex: "^\\.\\.?/(.+/)?server(/|$)",
  message: "The web app never imports server code (src/server).",
};
const webBaseNoFeatures = {
  regex: "^(@/|\\.\\.?/(.+/)?)(features|pages|app)(/|$)",
  message: "lib, hooks and components/ui are below the features, pages and app: they may not import them.",
};
const featureBoundary = (name) => [
  webNoServer,
  {
    regex: `^@/features/(?!${name}/)[^/]+/`,
    message: 'Another feature is used only through its index.ts: import from "@/features/<name>".',
  },
  {
    regex: "^\\.\\./(?!(\\.\\./)*shared/)",
    message: "Relative imports stay inside the feature (or reach src/shared); use @/ for the rest of the web app.",
  },
  { regex: "^@/(pages|app)(/|$)", message: "Features do not import pages or the app (its routes and shell)." },
];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "src/server/db/migrations/",
      // The n8n community node: linted by n8n's own rules (scripts/n8n-harness.mjs, decision 0171).
      "integrations/n8n-nodes-veo-studio/",
    ],
  },
  js.configs.recommended,
  // Type-aware: each TypeScript file is checked with the types of its own project.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ["tsconfig.server.json", "tsconfig.web.json", "tsconfig.e2e.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Fastify plugins and hooks are async by contract (a plugin without an await is still one),
      // as are the interface methods of stores that another implementation awaits in.
      "@typescript-eslint/require-await": "off",
      // react-hook-form's handleSubmit returns a promise by design and handles the form's errors.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
    },
  },
  // Plain JavaScript (configs, scripts) has no project: lint it without types.
  { files: ["**/*.{js,mjs,cjs}", "**/*.d.mts"], ...tseslint.configs.disableTypeChecked },
  {
    // Tests read untyped JSON answers (`res.json().field`) and assert on them: that is the check.
    files: ["tests/**"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
  {
    files: ["src/server/**", "scripts/**", "tests/**", "*.config.{ts,js}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["src/web/**"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The layers stay apart: the web never imports server code, shared imports neither.
    files: ["src/web/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [webNoServer] }] },
  },
  {
    files: ["src/web/lib/**", "src/web/hooks/**", "src/web/components/ui/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [webNoServer, webBaseNoFeatures] }] },
  },
  ...WEB_FEATURES.map((name) => ({
    files: [`src/web/features/${name}/**`],
    rules: { "no-restricted-imports": ["error", { patterns: featureBoundary(name) }] },
  })),
  {
    // Every word a person reads comes from the catalogues (decision 0056): a literal string in the
    // web app's code is an error unless it is plainly not text (class names, ids, URLs, keys...).
    files: ["src/web/**/*.{ts,tsx}"],
    ...pluginLingui.configs["flat/recommended"],
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    rules: {
      "lingui/no-unlocalized-strings": [
        "error",
        {
          useTsTypes: true,
          ignore: [
            // One "word" without spaces that does not start with a capital: keys, ids, paths, classes.
            "^(?![A-Z])\\S+$",
            // UPPERCASE constants, and text with no letters at all ("—", "·", "$", "%", "4K").
            "^[A-Z0-9_-]+$",
            "^[^A-Za-z\\u00C0-\\u1EF9]*$",
            "^[0-9]+[A-Za-z]{0,2}$",
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  "className|classNames|variant|size|side|align|role|type|mode|key|id$|Id$|href|src|rel|target|method|name|autoComplete|inputMode|pattern|accept|sizes|testId",
                flags: "i",
              },
            },
            { regex: { pattern: "^[A-Z0-9_]+$" } },
            "displayName",
            "queryKey",
          ],
          ignoreFunctions: [
            "cn",
            "cva",
            "clsx",
            "twMerge",
            "Error",
            "TypeError",
            "console.*",
            "*.startsWith",
            "*.endsWith",
            "*.includes",
            "*.indexOf",
            "*.split",
            "*.replace",
            "*.addEventListener",
            "*.removeEventListener",
            "*.getElementById",
            "*.querySelector",
            "*.setAttribute",
            "*.getItem",
            "*.setItem",
            "*.removeItem",
            "*.set",
            "*.get",
            "*.has",
            "*.append",
            "URL",
            "URLSearchParams",
            "fetch",
            "apiFetch",
            "apiGet",
            "apiPost",
            "apiPut",
            "apiDelete",
            "navigate",
            "setLocation",
            "useRoute",
            "matchMedia",
            "*.matchMedia",
            "z.*",
            "Intl.*",
            "*.toLocaleString",
            "*.toLocaleDateString",
            "createElement",
            "*.createElement",
          ],
          ignoreMethodsOnTypes: [
            "Map.get",
            "Map.has",
            "Map.set",
            "Set.has",
            "Headers.set",
            "Headers.get",
            "URLSearchParams.set",
            "URLSearchParams.get",
          ],
        },
      ],
    },
  },
  {
    // No regular expression whose time grows faster than its input (issue 36, decision 0061): the
    // server runs them on paths, headers and bodies. Scripts and tests only read their own text.
    files: ["src/**"],
    plugins: { regexp },
    rules: { "regexp/no-super-linear-backtracking": "error", "regexp/no-super-linear-move": "error" },
  },
  {
    files: ["src/shared/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/web/**", "node:*"] }] },
  },
  {
    files: ["src/server/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/web/**"] }] },
  },
);
