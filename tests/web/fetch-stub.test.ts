import { describe, expect, it } from "vitest";
import { stubFetch } from "./fetch-stub";

describe("the web tests' fetch stub", () => {
  it("records and answers a request", async () => {
    const { sent } = stubFetch({ "GET /api/x": { body: { ok: true } } });
    const answer = await fetch("/api/x?page=2");
    expect(await answer.json()).toEqual({ ok: true });
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/x?page=2"]);
  });

  it("refuses a request whose signal is already aborted, as fetch does, and does not record it", async () => {
    // A query of the test before, unmounted while its queryFn imported the contract, calls fetch
    // after its signal was aborted: a browser sends nothing, so nothing reaches this test's record.
    const { sent } = stubFetch({ "GET /api/showcase": { body: {} } });
    const aborted = new AbortController();
    aborted.abort();
    await expect(fetch("/api/showcase", { signal: aborted.signal })).rejects.toMatchObject({ name: "AbortError" });
    expect(sent).toEqual([]);
  });
});
