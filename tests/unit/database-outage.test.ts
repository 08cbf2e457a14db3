/**
 * Telling an unreachable database apart (decision 0057), keeping the leases it strands, and the
 * job loop's once-per-outage log.
 */
import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable, OutageLog } from "../../src/server/db/outage.js";
import { JobLoop } from "../../src/server/jobs/job-loop.js";
import { StrandedLeases } from "../../src/server/jobs/stranded-leases.js";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
/** How drizzle wraps the driver's error. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("isDatabaseUnreachable", () => {
  it("recognises lost and refused connections, however wrapped", () => {
    for (const err of [
      refused,
      wrapped(refused),
      wrapped(new Error("Connection terminated unexpectedly")),
      new Error("timeout exceeded when trying to connect"),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("connection failure"), { code: "08006" }),
    ]) {
      expect(isDatabaseUnreachable(err), String(err)).toBe(true);
    }
  });

  it("leaves every other error alone", () => {
    for (const err of [
      new Error("boom"),
      wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })),
      Object.assign(new Error("syntax"), { code: "42601" }),
      "ECONNREFUSED",
      null,
      undefined,
    ]) {
      expect(isDatabaseUnreachable(err), String(err)).toBe(false);
    }
  });
});

describe("OutageLog", () => {
  it("says down once per outage and when it began on the way up", () => {
    const log = new OutageLog();
    expect(log.up()).toBeNull();
    expect(log.down()).toBe(true);
    expect(log.down()).toBe(false);
    expect(log.up()).toBeInstanceOf(Date);
    expect(log.up()).toBeNull();
    expect(log.down()).toBe(true);
  });
});

describe("StrandedLeases", () => {
  it("keeps only what an unreachable database stranded, and lets go of it once it can", async () => {
    let reachable = false;
    const letGo: string[] = [];
    const stranded = new StrandedLeases<{ id: string }>(async (item) => {
      if (!reachable) throw wrapped(refused);
      letGo.push(item.id);
    });
    expect(stranded.keep({ id: "a" }, new Error("provider said no"))).toBe(false);
    expect(stranded.keep({ id: "b" }, wrapped(refused))).toBe(true);
    expect(stranded.keep({ id: "c" }, refused)).toBe(true);
    await expect(stranded.letGoAll()).rejects.toThrow();
    reachable = true;
    await stranded.letGoAll();
    expect(letGo).toEqual(["b", "c"]);
    await stranded.letGoAll();
    expect(letGo).toEqual(["b", "c"]);
  });
});

describe("JobLoop", () => {
  it("logs an unreachable database once per outage, every other error each time", async () => {
    const outcomes: (Error | null)[] = [
      refused,
      wrapped(refused),
      refused,
      null,
      refused,
      new Error("bug"),
      new Error("bug"),
    ];
    const logged: unknown[] = [];
    let runs = 0;
    const loop = new JobLoop(
      async () => {
        const outcome = outcomes[runs++];
        if (outcome) throw outcome;
      },
      1,
      (err) => logged.push(err),
    );
    loop.start(0);
    await expect.poll(() => runs).toBeGreaterThanOrEqual(outcomes.length);
    await loop.stop();
    expect(logged.map((err) => (err as Error).message)).toEqual([refused.message, refused.message, "bug", "bug"]);
  });
});
