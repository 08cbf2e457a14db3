// `npm run typecheck`: the server, the web app, the browser tests and the client package, each
// project checked by TypeScript 7, the native compiler (decision 0109). Every project is checked
// even when one fails, so one run shows every error.
import { spawnSync } from "node:child_process";
import { TSC } from "./build.mjs";

const PROJECTS = [
  "tsconfig.server.json",
  "tsconfig.web.json",
  "tsconfig.e2e.json",
  // The typed client package (decision 0172) on its own: the web platform's types, not Node's.
  "integrations/client/tsconfig.json",
];

let failed = false;
for (const project of PROJECTS) {
  const result = spawnSync(process.execPath, [TSC, "-p", project], { stdio: "inherit" });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
