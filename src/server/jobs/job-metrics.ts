/** What every background job counts of its timer loop's runs (decision 0067), on /metrics beside the process's other counters. */
import { Counter, Histogram } from "prom-client";
import { processRegistry } from "../metrics/instruments.js";

export const jobRuns = new Counter({
  name: "veo_job_runs_total",
  help: "Background job runs started by their timer loop, by job and outcome ('ok' or 'failed').",
  labelNames: ["job", "outcome"] as const,
  registers: [processRegistry],
});

export const jobRunDuration = new Histogram({
  name: "veo_job_run_duration_seconds",
  help: "Time a background job's run took, by job.",
  labelNames: ["job"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [processRegistry],
});
