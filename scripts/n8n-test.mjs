// `npm run test:n8n` (decision 0171): the n8n community node in real n8n, on Node 24 (n8n 2.x
// needs it), with its own Vitest config. n8n keeps its data in PostgreSQL: TEST_DATABASE_URL's
// server when it is set (as CI sets it), else an embedded PostgreSQL the test starts itself.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { node24 } from "./registry-node.mjs";

const node = node24();
if (node.note) console.log(`${node.note}: n8n runs on Node ${node.version}.`);
const env = {
  ...process.env,
  PATH: `${node.dir}${path.delimiter}${process.env.PATH ?? ""}`,
};
const result = spawnSync(
  node.path,
  ["node_modules/vitest/vitest.mjs", "run", "--config", "vitest.n8n.config.ts", ...process.argv.slice(2)],
  { stdio: "inherit", env },
);
process.exit(result.status ?? 1);
