/**
 * Deletes base64 images sent to the automation API once they are older than their time to live
 * (24 hours, decision 0017). By then the provider has long had them: the real one gets a
 * copy at submission, the simulator never fetches them. Several processes may sweep the same
 * folder; a file already gone is simply skipped.
 */
import type { FastifyBaseLogger } from "fastify";
import type { UploadStore } from "../integrations/storage/uploads.js";
import { JobLoop } from "./job-loop.js";
import { BASE64_IMAGE_TTL_HOURS } from "../../shared/automation.js";

export interface TemporaryImageSweepOptions {
  intervalMs: number;
  ttlMs: number;
}

export const DEFAULT_TEMPORARY_IMAGE_SWEEP: TemporaryImageSweepOptions = {
  intervalMs: 15 * 60_000,
  ttlMs: BASE64_IMAGE_TTL_HOURS * 60 * 60_000,
};

export class TemporaryImageSweep {
  private readonly opts: TemporaryImageSweepOptions;
  /** Its timer loop: its state is part of /healthz. */
  readonly loop: JobLoop;

  constructor(
    private readonly uploads: UploadStore,
    opts: Partial<TemporaryImageSweepOptions>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.opts = { ...DEFAULT_TEMPORARY_IMAGE_SWEEP, ...opts };
    this.loop = new JobLoop(
      () => this.runOnce(),
      this.opts.intervalMs,
      (err) => this.log.error({ err }, "base64 image sweep failed"),
    );
  }

  start(): void {
    this.loop.start(0);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One sweep as of `now` (tests pass a later time); returns the names deleted. */
  async runOnce(now = new Date()): Promise<string[]> {
    const removed = await this.uploads.removeTemporaryBefore(new Date(now.getTime() - this.opts.ttlMs));
    if (removed.length > 0) this.log.info({ count: removed.length }, "expired base64 images deleted");
    return removed;
  }
}
