/**
 * For tests of something other than margins (package and settings forms, audit rows, access):
 * videos cost the vendor next to nothing, so no package or price they save sells below cost and
 * asks for confirmation (decision 0144).
 */
import { adminSettings } from "../../src/server/db/schema.js";
import type { Db } from "../../src/server/db/connect.js";

export async function makingCostsNextToNothing(db: Db): Promise<void> {
  await db.insert(adminSettings).values({ id: 1 }).onConflictDoNothing();
  await db.update(adminSettings).set({ kieCreditUsd: "0.000001" });
}
