/**
 * Before any spec (once the servers are up): the site sells at the spec's prices
 * (tests/helpers/spec-prices.ts), as an install upgraded from before issue 68 does, since the
 * specs' charges and balances are written against them (decision 0144). The new defaults are
 * checked where a spec sets them (owner-setup.spec.ts) and in the unit and integration tests.
 */
import { request } from "@playwright/test";
import { SPEC_PRICES } from "../helpers/spec-prices.js";
import { ADMIN } from "./helpers.js";

export default async function globalSetup(): Promise<void> {
  const admin = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });
  try {
    const login = await admin.post("/api/auth/login", { data: ADMIN });
    if (!login.ok()) throw new Error(`admin login failed: ${login.status()} ${await login.text()}`);
    const prices = Object.fromEntries(
      Object.entries(SPEC_PRICES).map(([item, p]) => [item, { webCredits: p.web, apiPrice: p.api.toFixed(2) }]),
    );
    const saved = await admin.put("/api/admin/settings", { data: { prices, confirmBelowCost: true } });
    if (!saved.ok()) throw new Error(`the spec's prices were not saved: ${saved.status()} ${await saved.text()}`);
  } finally {
    await admin.dispose();
  }
}
