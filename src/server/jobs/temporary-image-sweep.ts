/**
 * Deletes base64 images sent to the automation API once they are older than their time to live
 * (24 hours, spec sections 5 and 9). By then the provider has long had them: the real one gets a
 * copy at submission, the simulator never fetches them. Several processes may sweep the same
 * folder; a file already gone is simply skipped.
 */
import type { FastifyBaseLogger } from "fastify";
import type { UploadStore } from "../integrations/storage/uploads.js";
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly uploads: UploadStore,
    opts: Partial<TemporaryImageSweepOptions>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.opts = { ...DEFAULT_TEMPORARY_IMAGE_SWEEP, ...opts };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One sweep as of `now` (tests pass a later time); returns the names deleted. */
  async runOnce(now = new Date()): Promise<string[]> {
    const removed = await this.uploads.removeTemporaryBefore(new Date(now.getTime() - this.opts.ttlMs));
    if (removed.length > 0) this.log.info({ count: removed.length }, "expired base64 images deleted");
    return removed;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    this.running = this.runOnce().catch((err: unknown) => this.log.error({ err }, "base64 image sweep failed"));
    await this.running;
    this.running = undefined;
    if (!this.stopped) this.schedule(this.opts.intervalMs);
  }
}
