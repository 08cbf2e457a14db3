/**
 * Deletes base64 images sent to the automation API once they are older than their time to live
 * (24 hours, decision 0017). By then the provider has long had them: the real one gets a
 * copy at submission, the simulator never fetches them. Several processes may sweep the same
 * folder; a file already gone is simply skipped.
 */
import type { UploadStore } from "../integrations/storage/uploads.js";
import { defineJob, type JobDeps } from "./define-job.js";
import { BASE64_IMAGE_TTL_HOURS } from "../../shared/automation.js";

export interface TemporaryImageSweepOptions {
  intervalMs: number;
  ttlMs: number;
}

const DEFAULT_TEMPORARY_IMAGE_SWEEP: TemporaryImageSweepOptions = {
  intervalMs: 15 * 60_000,
  ttlMs: BASE64_IMAGE_TTL_HOURS * 60 * 60_000,
};

export class TemporaryImageSweep extends defineJob<JobDeps & { uploads: UploadStore }, TemporaryImageSweepOptions>({
  name: "temporary-image-sweep",
  failure: "base64 image sweep failed",
  defaults: DEFAULT_TEMPORARY_IMAGE_SWEEP,
}) {
  /** One sweep as of `now` (tests pass a later time); returns the names deleted. */
  async runOnce(now = new Date()): Promise<string[]> {
    const removed = await this.deps.uploads.removeTemporaryBefore(new Date(now.getTime() - this.opts.ttlMs));
    if (removed.length > 0) this.log.info({ count: removed.length }, "expired base64 images deleted");
    return removed;
  }
}
