import { isDatabaseUnreachable } from "../db/outage.js";

/**
 * The timer loop every background job shares: run, wait, run again; never two runs at once;
 * `stop()` waits for the run in progress. `wake()` asks for a run now (or right after the
 * current one). Errors are logged and the loop goes on; an unreachable database once per outage
 * (decision 0057), not at every tick.
 */
export type JobState = "off" | "ok" | "failing";

export class JobLoop {
  private inOutage = false;
  private failed = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private stopped = true;
  private stopAsked = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Starts the loop; the first run comes after `firstDelayMs`. */
  start(firstDelayMs = 0): void {
    this.stopped = false;
    this.stopAsked = false;
    this.schedule(firstDelayMs);
  }

  /** "off" when not started (or stopped), "failing" when its last run threw, else "ok". */
  get state(): JobState {
    if (this.stopped) return "off";
    return this.failed ? "failing" : "ok";
  }

  /** Whether stop() was called (and start() not since): a long run checks it between batches to end early. */
  get stopRequested(): boolean {
    return this.stopAsked;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopAsked = true;
    clearTimeout(this.timer);
    await this.running;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) this.rerun = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = this.run().then(
      () => {
        this.inOutage = false;
        this.failed = false;
      },
      (err: unknown) => {
        this.failed = true;
        const unreachable = isDatabaseUnreachable(err);
        if (!(unreachable && this.inOutage)) this.onError(err);
        this.inOutage = unreachable;
      },
    );
    await this.running;
    this.running = undefined;
    if (this.stopped) return;
    const again = this.rerun;
    this.rerun = false;
    this.schedule(again ? 0 : this.intervalMs);
  }
}
