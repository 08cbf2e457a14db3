// The messages the web app's source asks for, as Lingui's extractor reads them (decision 0056):
// `node scripts/i18n-source-messages.mjs [files...]` prints them as JSON (all of src/web without
// files). The catalogue test compares the catalogues with this list.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getConfig } from "@lingui/conf";
import { extractFromFileWithBabel } from "@lingui/cli/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function webSources(dir = path.join(root, "src/web")) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return webSources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** Each message once, by id: {id, message, context, comment, files}. */
export async function sourceMessages(files = webSources()) {
  const linguiConfig = getConfig({ cwd: root, skipValidation: true });
  const byId = new Map();
  for (const file of files) {
    const code = fs.readFileSync(file, "utf8");
    if (!code.includes("@lingui/")) continue;
    await extractFromFileWithBabel(
      file,
      code,
      (msg) => {
        const known = byId.get(msg.id) ?? {
          id: msg.id,
          message: msg.message,
          context: msg.context,
          comment: msg.comment,
          files: [],
        };
        known.files.push(path.relative(root, file));
        byId.set(msg.id, known);
      },
      { linguiConfig },
      { plugins: ["typescript", "jsx"] },
    );
  }
  return [...byId.values()];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2).map((file) => path.resolve(file));
  console.log(JSON.stringify(await sourceMessages(files.length > 0 ? files : undefined), null, 1));
}
