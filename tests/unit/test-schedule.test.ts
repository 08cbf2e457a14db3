import { describe, expect, it } from "vitest";
import { runSchedule, type Step } from "../../scripts/test-schedule.mjs";

const step = (label: string): Step => ({ label, command: label, args: [] });

/** A `run` whose steps end when the test says, recording what started. */
function scriptedRun() {
  const started: string[] = [];
  const open = new Map<string, () => void>();
  const run = (s: Step) => {
    started.push(s.label);
    return new Promise<boolean>((resolve) => open.set(s.label, () => resolve(true)));
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const end = async (label: string) => {
    const finish = open.get(label);
    if (!finish) throw new Error(`${label} is not running`);
    open.delete(label);
    finish();
    await settle();
  };
  return { started, run, end, settle, running: () => [...open.keys()].sort() };
}

const steps = {
  lint: step("lint"),
  checks: [step("typecheck"), step("format"), step("build")],
  tests: [step("whole"), step("pglite"), step("browser")],
};

describe("npm test's schedule (decision 0119)", () => {
  it("runs lint beside typecheck, format and the build, then the tests one step at a time", async () => {
    const { started, run, end, settle, running } = scriptedRun();
    const done = runSchedule(steps, run);
    let finished = false;
    void done.then(() => (finished = true));
    await settle();
    expect(running()).toEqual(["lint", "typecheck"]);
    await end("typecheck");
    expect(running()).toEqual(["format", "lint"]);
    await end("format");
    await end("build");
    // The tests wait for every check: nothing runs beside them.
    expect(running()).toEqual(["lint"]);
    await end("lint");
    expect(running()).toEqual(["whole"]);
    await end("whole");
    expect(running()).toEqual(["pglite"]);
    await end("pglite");
    expect(running()).toEqual(["browser"]);
    expect(finished).toBe(false);
    await end("browser");
    await done;
    expect(started).toEqual(["lint", "typecheck", "format", "build", "whole", "pglite", "browser"]);
  });

  it("starts the tests only once lint has ended, however early the others end", async () => {
    const { run, end, settle, running } = scriptedRun();
    const done = runSchedule(steps, run);
    await settle();
    for (const label of ["typecheck", "format", "build"]) await end(label);
    expect(running()).toEqual(["lint"]);
    await end("lint");
    for (const label of ["whole", "pglite", "browser"]) await end(label);
    await done;
  });

  it("starts the tests only once typecheck, format and the build have ended, however early lint ends", async () => {
    const { run, end, settle, running } = scriptedRun();
    const done = runSchedule(steps, run);
    await settle();
    await end("lint");
    expect(running()).toEqual(["typecheck"]);
    await end("typecheck");
    await end("format");
    expect(running()).toEqual(["build"]);
    await end("build");
    expect(running()).toEqual(["whole"]);
    for (const label of ["whole", "pglite", "browser"]) await end(label);
    await done;
  });

  it("runs the fetches beside the checks, in a line of their own, and starts the tests once they end too", async () => {
    const { started, run, end, settle, running } = scriptedRun();
    const done = runSchedule({ ...steps, fetches: [step("toolchain")], tests: [...steps.tests, step("n8n")] }, run);
    await settle();
    expect(running()).toEqual(["lint", "toolchain", "typecheck"]);
    for (const label of ["lint", "typecheck", "format", "build"]) await end(label);
    expect(running()).toEqual(["toolchain"]);
    await end("toolchain");
    expect(running()).toEqual(["whole"]);
    for (const label of ["whole", "pglite", "browser"]) await end(label);
    expect(running()).toEqual(["n8n"]);
    await end("n8n");
    await done;
    expect(started.at(-1)).toBe("n8n");
  });
});
