/**
 * A vendor answered a video's submission that it no longer knows the id it was sent (Google's 404
 * "is no longer available", the Market's "model is not supported"). That mapping is recorded as
 * found gone, as its check would (decision 0173), so failover skips it from the next video on and
 * the overview shows it; the model itself goes off sale only when no vendor is left for it
 * (unmappedModels). The admin is told once per id (`tell`, in the same transaction: the
 * notifications' outbox), and a new id saved on the card clears it.
 */
import { sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { vendorModelChecks } from "../../db/schema.js";
import type { ModelId, Vendor } from "../../../shared/catalogue.js";
import { modelLabel } from "../../../shared/videos.js";
import { mappingOf, readVendorModelTable, vendorName } from "./mappings.js";

export interface RetiredVendorModel {
  model: ModelId;
  vendor: Vendor;
  /** The id the vendor was sent (the Market's image-to-video twin of the mapping's id, for one). */
  vendorModelId: string;
  /** The vendor's own words. */
  message: string;
}

/** Records the mapping gone; true when this is news (not already found gone under this id): told once. */
export async function markVendorModelGone(
  db: Db,
  gone: RetiredVendorModel,
  tell: (tx: Queryable, notice: { label: string; message: string; said: string }) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The check names the mapping's id in force, which the table reads it by.
    const id = mappingOf(await readVendorModelTable(tx), gone.model, gone.vendor)?.vendorModelId ?? gone.vendorModelId;
    const message = `${vendorName(gone.vendor)}: ${id} is no longer available`;
    const values = {
      model: gone.model,
      vendor: gone.vendor,
      vendorModelId: id,
      checkStatus: "gone",
      checkMessage: message,
      checkedAt: new Date(),
    };
    // One statement, so of several videos meeting the retired id at once only one tells the admin.
    const changed = await tx
      .insert(vendorModelChecks)
      .values(values)
      .onConflictDoUpdate({
        target: [vendorModelChecks.model, vendorModelChecks.vendor],
        set: values,
        setWhere: sql`not (${vendorModelChecks.checkStatus} = 'gone' and ${vendorModelChecks.vendorModelId} = ${id})`,
      })
      .returning({ model: vendorModelChecks.model });
    if (changed.length === 0) return false;
    await tell(tx, { label: modelLabel(gone.model), message, said: gone.message });
    return true;
  });
}
