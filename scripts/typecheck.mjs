// `npm run typecheck`: the server, the web app and the browser tests, each project checked by
// TypeScript 7, the native compiler (decision 0109). Every project is checked even when one fails,
// so one run shows every error.
import { spawnSync } from "node:child_process";
import { TSC } from "./build.mjs";

const PROJECTS = ["tsconfig.server.json", "tsconfig.web.json", "tsconfig.e2e.json"];

let failed = false;
for (const project of PROJECTS) {
  const result = spawnSync(process.execPath, [TSC, "-p", project], { stdio: "inherit" });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
