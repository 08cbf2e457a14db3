// `npm run backup [-- file]` and, as restore.mjs, `npm run restore -- file` (docs/operations.md).
import { onSupportedNode } from "./supported-node.mjs";

export async function run(command) {
  await onSupportedNode();
  const { build, isBuildFresh } = await import("./build.mjs");
  if (!isBuildFresh()) await build();
  const { runBackupCli } = await import("../dist/node/server/ops/backup-cli.js");
  process.exitCode = await runBackupCli(command, process.argv.slice(2));
}

if (import.meta.url === `file://${process.argv[1]}`) await run("backup");
