// `npm run openapi`: writes docs/openapi.json (the automation API) and docs/openapi-full.json
// (every route) from the route declarations, with the placeholder server address (decision 0040).
// tests/integration/openapi.test.ts fails while a committed copy differs.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openPglite } from "../src/server/db/connect.js";
import { committedFullOpenApiText, committedOpenApiText } from "../src/server/features/automation/openapi.js";
import { createSecretBox } from "../src/server/lib/secret-box.js";

const docs = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs");
const database = await openPglite(undefined);
const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "veo-openapi-")), LOG_LEVEL: "silent" });
const app = await buildApp({ config, db: database.db, secretBox: createSecretBox(crypto.randomBytes(32)) });
await app.ready();
for (const [file, text] of [
  ["openapi.json", committedOpenApiText(app)],
  ["openapi-full.json", committedFullOpenApiText(app)],
] as const) {
  const target = path.join(docs, file);
  const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : undefined;
  fs.writeFileSync(target, text);
  console.log(before === text ? `docs/${file} is up to date` : `wrote docs/${file}`);
}
await app.close();
await database.close();
