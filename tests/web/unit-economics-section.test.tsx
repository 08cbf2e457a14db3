/**
 * The admin overview's unit economics (issue 42): per model and vendor, the videos, credits,
 * earnings, cost (with a note where the cost is our estimate) and margin, a losing row marked; what
 * a credit brought in and the KIE credit price it was worked out with; the price cells that sell
 * below KIE's cost; an empty range; and its place on the overview, after the model health.
 */
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview";
import type { AdminSetup } from "../../src/shared/schemas/admin-setup";
import type { UnitEconomics } from "../../src/shared/schemas/unit-economics";
import { OverviewPanel } from "@/features/admin/overview/overview-panel";
import { UnitEconomicsSection } from "@/features/admin/overview/unit-economics-section";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const economics: UnitEconomics = {
  revenuePerCreditUsd: 0.01,
  revenueSource: "sales",
  kieCreditUsd: 0.005,
  models: [
    {
      model: "kling3",
      vendor: "kie",
      videos: 3,
      creditsCharged: 1200,
      earnedUsd: 12,
      costUsd: 4.5,
      reportedCosts: 3,
      marginUsd: 7.5,
      marginRate: 0.625,
    },
    {
      model: "veo3",
      vendor: "google",
      videos: 1,
      creditsCharged: 250,
      earnedUsd: 2.5,
      costUsd: 3.2,
      reportedCosts: 0,
      marginUsd: -0.7,
      marginRate: -0.28,
    },
    {
      model: "veo3_fast",
      vendor: "kie",
      videos: 5,
      creditsCharged: 50,
      earnedUsd: 0.5,
      costUsd: 1.5,
      reportedCosts: 3,
      marginUsd: -1,
      marginRate: -2,
    },
  ],
  belowCost: [
    { item: "veo3_fast", label: "Veo3 Fast", unit: "video", priceUsd: 0.1, costUsd: 0.3 },
    {
      item: "kling3:720p:audio",
      label: "Kling 3.0 · 720p · with sound · per second",
      unit: "second",
      priceUsd: 0.07,
      costUsd: 0.1,
    },
  ],
};

const TABLE = "Earnings, cost and margin per model and vendor, last 30 days";

function render(over: Partial<UnitEconomics> = {}) {
  return renderWeb(<UnitEconomicsSection data={{ range: "30d", economics: { ...economics, ...over } }} />);
}

/** A row's header and cells, as read. */
function rowTexts(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [
      within(row).getByRole("rowheader").textContent ?? "",
      ...within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent ?? ""),
    ]);
}

function rowOf(model: string): HTMLElement {
  const table = screen.getByRole("table", { name: TABLE });
  const row = within(table)
    .getAllByRole("row")
    .find((r) => within(r).queryByRole("rowheader")?.textContent === model);
  if (!row) throw new Error(`No row for ${model}`);
  return row;
}

beforeEach(async () => {
  await useLocale("en", "admin");
});

describe("UnitEconomicsSection", () => {
  it("shows each model and vendor with its videos, credits, earnings, cost and margin, and the totals", () => {
    render();
    expect(screen.getByRole("heading", { name: "Cost and margin per model" })).toBeTruthy();
    const table = screen.getByRole("table", { name: TABLE });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Model", "Vendor", "Videos", "Credits charged", "Earned", "Cost", "Margin", "Margin %"]);
    expect(rowTexts(table)).toEqual([
      ["Kling 3.0", "KIE", "3", "1,200", "$12.00", "$4.50", "$7.50", "62.5%"],
      ["Veo3 (Quality)", "Google", "1", "250", "$2.50", "$3.20our estimate", "-$0.70", "Sells below cost-28.0%"],
      ["Veo3 Fast", "KIE", "5", "50", "$0.50", "$1.50our estimate for 2 videos", "-$1.00", "Sells below cost-200.0%"],
      ["All models", "", "9", "1,500", "$15.00", "$9.20our estimate for 3 videos", "$5.80", "38.7%"],
    ]);
  });

  it("marks the models that sell below cost, and only those", () => {
    render();
    for (const model of ["Veo3 Fast", "Veo3 (Quality)"]) {
      const row = rowOf(model);
      expect(within(row).getByText("Sells below cost").className).toContain("red");
      expect(within(row).getByText(/^-\$/).className).toContain("text-red-300");
    }
    expect(within(rowOf("Kling 3.0")).queryByText("Sells below cost")).toBeNull();
    expect(within(rowOf("Kling 3.0")).getByText("$7.50").className).not.toContain("text-red-300");
    expect(screen.getAllByText("Sells below cost")).toHaveLength(2);
  });

  it("shows a model's name as it is when the catalogue does not know it, and any other vendor as sent", () => {
    render({
      models: [{ ...economics.models[0]!, model: "sora9", vendor: "openai" }],
      belowCost: [],
    });
    expect(rowTexts(screen.getByRole("table", { name: TABLE }))[0]!.slice(0, 2)).toEqual(["sora9", "openai"]);
  });

  it("lists the prices that sell below KIE's cost, per video and per second", () => {
    render();
    const warning = screen.getByTestId("economics-below-cost");
    expect(warning.textContent).toContain("2 prices sell below KIE's cost");
    const items = within(warning)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual([
      "Veo3 Fast sells at $0.10 per video; KIE charges $0.30.",
      "Kling 3.0 · 720p · with sound · per second sells at $0.07 per second; KIE charges $0.10 per second.",
    ]);
  });

  it("shows no warning when every price covers KIE's cost", () => {
    render({ belowCost: [] });
    expect(screen.queryByTestId("economics-below-cost")).toBeNull();
    expect(screen.queryByText(/sells at/)).toBeNull();
  });

  it("says what a credit brought in, where that comes from, and the KIE credit price used", () => {
    const { rerender } = render();
    const basis = screen.getByTestId("economics-basis");
    expect(basis.textContent).toContain(
      "A credit brought in $0.01 (last 30 days): USD sales ÷ credits sold, bonus credits included.",
    );
    expect(basis.textContent).toContain("KIE credit price used: $0.005 per KIE credit (Settings).");

    rerender(
      <UnitEconomicsSection
        data={{
          range: "30d",
          economics: { ...economics, revenuePerCreditUsd: 0.0125, revenueSource: "credit_value" },
        }}
      />,
    );
    expect(screen.getByTestId("economics-basis").textContent).toContain(
      "No USD sales (last 30 days): a credit is counted at the credit value, $0.0125",
    );
    expect(screen.getByTestId("economics-basis").textContent).not.toContain("A credit brought in");

    rerender(
      <UnitEconomicsSection
        data={{
          range: "30d",
          economics: {
            ...economics,
            revenuePerCreditUsd: null,
            revenueSource: null,
            models: economics.models.map((m) => ({ ...m, earnedUsd: null, marginUsd: null, marginRate: null })),
            belowCost: [],
          },
        }}
      />,
    );
    expect(screen.getByTestId("economics-basis").textContent).toContain(
      "No USD sales (last 30 days) and no credit value: what the videos earned is not known.",
    );
    expect(rowTexts(screen.getByRole("table", { name: TABLE }))[0]).toEqual([
      "Kling 3.0",
      "KIE",
      "3",
      "1,200",
      "—",
      "$4.50",
      "—",
      "—",
    ]);
    expect(screen.queryByText("Sells below cost")).toBeNull();
  });

  it("says so when no videos were completed, and still warns about the prices", () => {
    render({ models: [] });
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No videos were completed in the range: there is no cost or margin to show.")).toBeTruthy();
    expect(screen.getByTestId("economics-below-cost").textContent).toContain("Veo3 Fast sells at $0.10 per video");
  });

  it("shows nothing for an answer without economics", () => {
    const { container } = renderWeb(<UnitEconomicsSection data={{ range: "30d" }} />);
    expect(container.textContent).toBe("");
  });
});

const DAY = "2026-11-26";
const overview: AdminOverview = {
  range: "today",
  from: `${DAY}T00:00:00.000Z`,
  to: "2026-11-27T00:00:00.000Z",
  days: [DAY],
  revenue: { byProvider: [], byDay: [] },
  credits: {
    sold: 0,
    bonus: 0,
    planCredits: 0,
    expired: 0,
    spent: 0,
    refunded: 0,
    netSpent: 0,
    adjustedUp: 0,
    adjustedDown: 0,
    byDay: [],
  },
  reversals: { byProvider: [], openDisputes: 0 },
  plans: { active: 0, pastDue: 0, cancelledThisMonth: 0, mrr: "0.00", churn: null },
  newUsers: { total: 0, bySource: { password: 0, google: 0, admin: 0, unknown: 0 }, byDay: [] },
  videos: {
    total: 0,
    completed: 0,
    refunded: 0,
    failed: 0,
    inProgress: 0,
    failureRate: null,
    refundRate: null,
    byModel: [],
    byDay: [],
  },
  times: {
    toVideo: { count: 0, medianSeconds: null, p95Seconds: null },
    to1080p: { count: 0, medianSeconds: null, p95Seconds: null },
  },
  providerAccounts: [],
  modelHealth: [
    {
      model: "veo3_fast",
      lastHour: { finished: 0, failed: 0, refused: 0, successRate: null, medianSeconds: null },
      lastDay: { finished: 0, failed: 0, refused: 0, successRate: null, medianSeconds: null },
      degraded: false,
    },
  ],
  economics,
  generatedAt: `${DAY}T10:00:00.000Z`,
};
const setup: AdminSetup = {
  steps: [],
  allDone: true,
  belowCost: null,
  testPurchase: null,
  generationProblem: null,
  mailProblem: null,
};

describe("the overview page", () => {
  it("shows the unit economics right after the model health", async () => {
    stubFetch({ "GET /api/admin/overview": { body: overview }, "GET /api/admin/overview/setup": { body: setup } });
    renderWeb(<OverviewPanel />, { path: "/admin?range=today" });
    await screen.findByRole("heading", { name: "Cost and margin per model" });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf("Cost and margin per model")).toBe(headings.indexOf("Model health") + 1);
    expect(screen.getByRole("table", { name: "Earnings, cost and margin per model and vendor, today" })).toBeTruthy();
  });

  it("puts the model health and the margins above the summary while a model fails often or a price loses money (issue 68)", async () => {
    const healthFirst = async (body: AdminOverview) => {
      stubFetch({ "GET /api/admin/overview": { body }, "GET /api/admin/overview/setup": { body: setup } });
      const { unmount } = renderWeb(<OverviewPanel />, { path: "/admin?range=today" });
      const health = await screen.findByRole("heading", { name: "Model health" });
      const summary = document.querySelector(`dl[aria-label^="Summary"]`)!;
      const first = Boolean(summary.compareDocumentPosition(health) & Node.DOCUMENT_POSITION_PRECEDING);
      expect(screen.getAllByRole("heading", { name: "Model health" })).toHaveLength(1);
      unmount();
      return first;
    };
    const calm = { ...overview, economics: { ...overview.economics!, belowCost: [] } };
    expect(await healthFirst(calm)).toBe(false);
    expect(await healthFirst(overview)).toBe(true); // prices below cost
    const failing = { ...calm, modelHealth: calm.modelHealth!.map((m, i) => (i === 0 ? { ...m, degraded: true } : m)) };
    expect(await healthFirst(failing)).toBe(true);
  });
});
