/**
 * The one way to define a background job (decision 0067):
 *
 *   export class MailSender extends defineJob<MailDeps, MailOptions>({ name: "mail-sender", failure: "mail scan failed", defaults }) {
 *     async runOnce() { ... }
 *   }
 *
 * and `new MailSender(deps, options)`. The base owns the rest: the options over their defaults,
 * a logger naming the job, the timer loop (start, stop, wake, its state for /healthz, a failed
 * run logged, an unreachable database once per outage), the run metrics, and the leases a
 * database outage cut off (`stranded`, let go of through the job's `letGo`, decision 0057).
 */
import type { FastifyBaseLogger } from "fastify";
import { pino } from "pino";
import { JobLoop, type JobState } from "./job-loop.js";
import { jobRunDuration, jobRuns } from "./job-metrics.js";
import { StrandedLeases } from "./stranded-leases.js";

/**
 * "Now" for finding rows due by a time the database wrote (`defaultNow()`): PostgreSQL keeps
 * microseconds and a JavaScript Date milliseconds, so a row written earlier in this very
 * millisecond would read as not yet due. The next millisecond is surely after it.
 */
export function dueNow(): Date {
  return new Date(Date.now() + 1);
}

/** What every job may be given: its logger (a child names the job); none logs nothing. */
export interface JobDeps {
  log?: FastifyBaseLogger;
}

export interface JobOptions {
  /** Between runs when nothing wakes the job. */
  intervalMs: number;
}

export interface JobSpec<Options extends JobOptions> {
  /** Its `job` in log lines and metrics. */
  name: string;
  /** Logged with the error when a run fails. */
  failure: string;
  defaults: Options;
  /** The first run comes at start (default), or one interval later. */
  firstRun?: "at-start" | "after-interval";
}

/** What the process sees of a job: its name, its state for /healthz, and its loop's controls. */
export type JobControl = Pick<BackgroundJob, "name" | "state" | "start" | "stop" | "wake">;

const silent: FastifyBaseLogger = pino({ enabled: false });

export abstract class BackgroundJob<
  Deps extends JobDeps = JobDeps,
  Options extends JobOptions = JobOptions,
  Lease extends { id: string } = never,
> {
  readonly name: string;
  readonly opts: Options;
  protected readonly log: FastifyBaseLogger;
  /** Leases the database's going away cut off: `keep` them on the error, `letGoAll` at the start of runOnce. */
  protected readonly stranded = new StrandedLeases<Lease>((lease) => this.letGo(lease));
  private readonly loop: JobLoop;
  private readonly firstDelayMs: number;

  constructor(
    spec: JobSpec<Options>,
    protected readonly deps: Deps,
    options: Partial<Options>,
  ) {
    this.name = spec.name;
    this.opts = { ...spec.defaults, ...options };
    this.log = deps.log?.child({ job: spec.name }) ?? silent;
    this.firstDelayMs = spec.firstRun === "after-interval" ? this.opts.intervalMs : 0;
    this.loop = new JobLoop(
      () => this.measuredRun(),
      this.opts.intervalMs,
      (err) => this.log.error({ err }, spec.failure),
    );
  }

  /** One run of everything due now. Tests call it directly. */
  abstract runOnce(): Promise<unknown>;

  /** Ends a lease kept in `stranded`, only if it is still the one claimed (another process may hold it now). */
  protected letGo(lease: Lease): Promise<unknown> {
    return Promise.reject(new Error(`${this.name} keeps no leases (${lease.id})`));
  }

  /** "off" when not started (or stopped), "failing" when its last run threw, else "ok". */
  get state(): JobState {
    return this.loop.state;
  }

  /** Whether stop() was asked for: a long run checks it between batches to end early. */
  protected get stopRequested(): boolean {
    return this.loop.stopRequested;
  }

  start(): void {
    this.loop.start(this.firstDelayMs);
  }

  /** Waits for the run in progress (a long one ends after its batch). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** New work: a run now rather than at the next tick (or right after the current one). */
  wake(): void {
    this.loop.wake();
  }

  private async measuredRun(): Promise<void> {
    const end = jobRunDuration.startTimer({ job: this.name });
    try {
      await this.runOnce();
      jobRuns.inc({ job: this.name, outcome: "ok" });
    } catch (err) {
      jobRuns.inc({ job: this.name, outcome: "failed" });
      throw err;
    } finally {
      end();
    }
  }
}

/** The base class of one job: its subclass gives `runOnce` (and `letGo` when it holds leases); built as `new Job(deps, options)`. */
export function defineJob<Deps extends JobDeps, Options extends JobOptions, Lease extends { id: string } = never>(
  spec: JobSpec<Options>,
) {
  abstract class DefinedJob extends BackgroundJob<Deps, Options, Lease> {
    constructor(deps: Deps, options: Partial<Options> = {}) {
      super(spec, deps, options);
    }
  }
  return DefinedJob;
}
