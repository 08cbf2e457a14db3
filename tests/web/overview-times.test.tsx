/**
 * How long videos take on the admin overview: past 20,000 videos in a range the server reads the
 * median and 95th percentile from 1 % buckets and says `estimated` (decision 0106); the page marks
 * those figures "≈", and shows sorted ones as they are.
 */
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview";
import { TimesSection } from "@/features/admin/overview/times-section";
import { renderWeb, useLocale } from "./render";

const overview = (times: AdminOverview["times"]) => ({ range: "90d", times }) as AdminOverview;

describe("TimesSection", () => {
  beforeEach(() => useLocale("en", "admin"));

  it("marks estimated times with ≈ and leaves sorted ones plain", () => {
    renderWeb(
      <TimesSection
        data={overview({
          toVideo: { count: 25_000, medianSeconds: 90.4, p95Seconds: 301, estimated: true },
          to1080p: { count: 300, medianSeconds: 200, p95Seconds: 420 },
        })}
      />,
    );
    const table = screen.getByRole("table");
    const cells = (name: RegExp) => within(table).getByRole("row", { name }).querySelectorAll("td");
    expect([...cells(/Submission to video/)].map((c) => c.textContent)).toEqual([
      "25,000",
      "≈ 1 min 30 s",
      "≈ 5 min 1 s",
    ]);
    expect([...cells(/Submission to 1080p/)].map((c) => c.textContent)).toEqual(["300", "3 min 20 s", "7 min"]);
  });
});
