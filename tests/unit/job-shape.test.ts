/**
 * Every background job has one shape (decision 0067): defined through defineJob, built by
 * backgroundJobs, its timer loop made nowhere else. Read from the source, so a new job written
 * the old way (its own JobLoop, start, stop) fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backgroundJobs, type BackgroundJobDeps } from "../../src/server/jobs/background-jobs.js";
import { BackgroundJob } from "../../src/server/jobs/define-job.js";

describe("every background job", () => {
  const dir = path.resolve(import.meta.dirname, "../../src/server/jobs");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts"));
  const read = (f: string) => fs.readFileSync(path.join(dir, f), "utf8");

  it("has its loop only through defineJob", () => {
    const loops = files.filter((f) => /new JobLoop\b/.test(read(f)));
    expect(loops).toEqual(["define-job.ts"]);
  });

  it("is a class defined through defineJob and built by backgroundJobs", () => {
    const helpers = new Set([
      "background-jobs.ts",
      "define-job.ts",
      "job-loop.ts",
      "job-metrics.ts",
      "stranded-leases.ts",
    ]);
    const jobFiles = files.filter((f) => !helpers.has(f));
    const defined = jobFiles.flatMap((f) =>
      [...read(f).matchAll(/export class (\w+) extends defineJob</g)].map((m) => m[1]),
    );
    const classes = jobFiles.flatMap((f) => [...read(f).matchAll(/export class (\w+)/g)].map((m) => m[1]));
    expect(defined).toEqual(classes);
    expect(defined).toHaveLength(jobFiles.length);

    const jobs = backgroundJobs({} as BackgroundJobDeps);
    const built = Object.values(jobs).filter((v) => v instanceof BackgroundJob);
    expect(built.map((job) => job.constructor.name).sort()).toEqual([...defined].sort());
    expect(Object.values(jobs.states())).toEqual(built.map(() => "off"));
  });
});
