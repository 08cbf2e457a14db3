/**
 * Checks every vendor model id in force once a day (issue 74, decision 0173) with the vendor's own
 * lookup, so a retired id shows on the admin overview before a customer meets it, and failover
 * stops sending work to it (video-vendors.ts skips mappings found gone). It wakes hourly and checks
 * the mappings whose last check is a day old or names another id; several processes at once only
 * check twice.
 */
import type { Db } from "../db/connect.js";
import { readVendorModelTable, storeCheck } from "../features/vendor-models/mappings.js";
import { checkVendorModel } from "../features/vendor-models/model-check.js";
import type { VideoVendors } from "../features/videos/video-vendors.js";
import { defineJob, type JobDeps } from "./define-job.js";

export interface VendorModelCheckOptions {
  intervalMs: number;
  /** A check younger than this is kept. */
  maxAgeMs: number;
}

export class VendorModelCheck extends defineJob<
  JobDeps & { db: Db; provider: Pick<VideoVendors, "googleLookup" | "vertexLookup"> },
  VendorModelCheckOptions
>({
  name: "vendor-model-check",
  failure: "vendor model check failed",
  defaults: { intervalMs: 60 * 60_000, maxAgeMs: 23 * 60 * 60_000 },
}) {
  /** One pass as of `now`; returns the mappings found gone in it. */
  async runOnce(now = new Date()): Promise<string[]> {
    const table = await readVendorModelTable(this.deps.db);
    const google = await this.deps.provider.googleLookup();
    const vertex = await this.deps.provider.vertexLookup();
    const gone: string[] = [];
    for (const m of table) {
      if (m.state === "deactivated") continue;
      // KIE has no lookup: a KIE id found gone was learnt from KIE's own answer to a video
      // (features/vendor-models/retired.ts), and only the admin's new id clears it.
      if (m.vendor === "kie" && m.check.status === "gone") continue;
      // A check of the id in force younger than a day is kept (KIE's "unchecked" included).
      if (m.check.checkedAt && now.getTime() - Date.parse(m.check.checkedAt) < this.opts.maxAgeMs) continue;
      const result = await checkVendorModel(m.vendor, m.vendorModelId, google, vertex);
      await storeCheck(this.deps.db, m, result);
      if (result.status === "gone") gone.push(`${m.vendor}:${m.vendorModelId}`);
    }
    if (gone.length > 0) this.log.warn({ gone }, "vendor model ids gone");
    return gone;
  }
}
