// The Vitest suite's passes (decision 0114). With TEST_DATABASE_URL set (CI: the machine's
// PostgreSQL): the whole suite (the server's unit and integration tests, the web app's and the
// repository checks) with every integration test on PostgreSQL, the production engine (each test
// database a copy of a template migrated once per run: tests/helpers/global-setup.ts); then the
// integration files that PGlite, the embedded fallback, can break (PGLITE_FILES) once more on
// PGlite. Without it: the whole suite on PGlite. `npm test` runs the same steps through
// scripts/test.mjs, beside the other checks.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { onSupportedNode } from "./supported-node.mjs";

/**
 * What the PGlite pass runs when the suite has run on PostgreSQL. PGlite differs from PostgreSQL
 * in its layer of the product (connect.ts: one connection in this process, its own LISTEN and
 * type parsers) and in how a transaction holds that one connection. So: the files of the
 * embedded modes and the database layer (the embedded PostgreSQL, the PGlite folder's backup
 * and start-up, migrations and functions, the change feed and the caches it keeps fresh), and one
 * or more files for every feature whose code opens a transaction (`db.transaction` in
 * src/server: auth, tokens, videos, payments and refunds, packages, admin, leaving, webhooks,
 * settings, legal pages, showcase, moderation, notices). Left to the PostgreSQL pass alone: the
 * sweeps over every route (access, hostile input), the larger exports and fairness runs, and the
 * reads and pages that write nothing. A new feature that opens a transaction adds its file here;
 * tests/unit/test-passes.test.ts fails on a name with no file behind it.
 */
export const PGLITE_FILES = [
  // The embedded modes and the database layer.
  "backup",
  "embedded-postgres",
  "startup",
  "migrations",
  "database-functions",
  // The ledger's lots, kept by a database function (decision 0150).
  "credit-lots",
  // A plan's period grants and rollover, on the same lots (decision 0152).
  "plan-credits",
  "live-events",
  "read-caches",
  "sessions",
  "idempotency",
  // People: accounts, sign-in and tokens.
  "auth",
  "password-reset",
  "email-addresses",
  "google-auth",
  "second-factor",
  "api-tokens",
  // OAuth for the MCP server: grants, codes and rotating refresh tokens (decision 0169).
  "mcp-oauth",
  "leaving-delete",
  "notice-preferences",
  // Videos, from the request to the archive.
  "video-generate",
  "video-reads",
  "video-archive",
  // A video handed over inline, kept before its task completes, one row however many race (decision 0176).
  "omni-flash-video",
  "video-retention",
  "video-4k",
  "video-sharing",
  "uploads",
  "refused-videos",
  "model-offer",
  "model-health",
  "moderation-log",
  // Money.
  "payments-creem",
  "payments-creem-refunds",
  // Plans billed by Creem: its subscription events on the plans' lots (decision 0153).
  "subscriptions-creem",
  // Plans billed by PayPal: billing plans made under a lock, sales on the plans' lots (decision 0154).
  "subscriptions-paypal",
  "payments-paypal",
  "payments-paypal-refunds",
  "credit-packages",
  "admin-transactions",
  // Admins and what they run.
  "admin-users",
  "admin-user-page",
  "admin-recovery",
  "admin-vendor-accounts",
  "admin-settings",
  "legal-pages",
  "showcase",
  "webhooks",
  // Endpoints registered with a token, once per URL under the person's row lock (decision 0171).
  "webhook-token-api",
  // The admin's model ids per vendor, audited in the same transaction (decision 0173).
  "vendor-models",
  // Vertex AI accounts saved by the admin, and the mapping check it audits (decision 0177).
  "vertex-failover",
  "mail-outbox",
].map((name) => `tests/integration/${name}.test.ts`);

/**
 * Workers of the whole pass on PostgreSQL, where the config's 2 left the machine a third idle: its
 * slowest files wait (real server processes, leases running out, a database outage and its return)
 * while holding a worker. With 4 it took 137 s alone instead of 185 s, and 272 s instead of 399 s
 * beside two busy-loop processes (decision 0114). The PGlite pass is bound by its CPU and keeps 2.
 */
const POSTGRES_PASS_WORKERS = 4;

/** The integration steps: a label, the Vitest arguments and the environment of each. */
export function integrationSteps(env = process.env) {
  const { TEST_DATABASE_URL, ...envWithoutPg } = env;
  if (!TEST_DATABASE_URL)
    return [{ label: "unit, integration and web tests on PGlite", args: ["run"], env: envWithoutPg }];
  return [
    {
      label: `unit, integration and web tests, integration on PostgreSQL (${new URL(TEST_DATABASE_URL).host})`,
      args: ["run", `--maxWorkers=${POSTGRES_PASS_WORKERS}`],
      env,
    },
    {
      label: `integration on PGlite (${PGLITE_FILES.length} files)`,
      args: ["run", "--project", "integration", ...PGLITE_FILES],
      env: envWithoutPg,
    },
  ];
}

const VITEST = "node_modules/.bin/vitest";

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await onSupportedNode();
  for (const step of integrationSteps()) {
    console.log(`\n=== ${step.label} ===`);
    const result = spawnSync(VITEST, step.args, { stdio: "inherit", env: step.env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
