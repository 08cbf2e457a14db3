// Runs Lingui's macros (t, <Trans>, plural, msg) in the web app's source before Vite compiles it
// (decision 0056): Lingui's Babel plugin called directly, only on files that import a macro, without
// adding @rolldown/plugin-babel. Lingui 6's Vite plugin can do it natively (`macroTransform`, with
// @lingui/native-tools' platform binaries); not taken yet (decision 0111).
import { transformAsync } from "@babel/core";

const MACRO_IMPORT = /from\s+["']@lingui\/(core|react)\/macro["']/;

/** @returns {import("vite").Plugin} */
export function linguiMacro() {
  return {
    name: "lingui-macro",
    enforce: "pre",
    async transform(code, id) {
      const file = id.split("?")[0];
      if (!/\.[jt]sx?$/.test(file) || file.includes("/node_modules/") || !MACRO_IMPORT.test(code)) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ["typescript", "jsx"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
