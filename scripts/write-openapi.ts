// `npm run openapi`: writes docs/openapi.json from the server's own schemas (placeholder server
// address). tests/integration/openapi.test.ts fails while the committed copy differs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { committedOpenApiText } from "../src/server/features/automation/openapi.js";

const target = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "docs", "openapi.json");
const text = committedOpenApiText();
const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : undefined;
fs.writeFileSync(target, text);
console.log(before === text ? `${path.relative(process.cwd(), target)} is up to date` : `wrote ${path.relative(process.cwd(), target)}`);
