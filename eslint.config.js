import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "data/", "test-results/", "playwright-report/", "src/server/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
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
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**"] }] },
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
