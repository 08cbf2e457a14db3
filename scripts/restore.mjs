// `npm run restore -- file`: into an empty DATA_DIR (docs/operations.md).
import { run } from "./backup.mjs";

await run("restore");
