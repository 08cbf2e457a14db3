import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ModelId } from "../../src/shared/catalogue";
import type { PricingView } from "../../src/shared/schemas/videos";
import { PricingComparisonSection } from "@/features/landing/pricing-comparison-section";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const price = (web_credits: number, api_credits: number) => ({ web_credits, api_credits });
/** The models the server offers in these tests: the three Veo models (the others are turned off). */
const PRICES: Partial<Record<ModelId, { web_credits: number; api_credits: number }>> = {
  veo3: price(150, 250),
  veo3_fast: price(30, 45),
  veo3_lite: price(12, 20),
};

/** The server's answer: only the prices matter to the table (the words are the web app's own). */
const PRICING: PricingView = {
  veo3_fast: PRICES.veo3_fast!,
  veo3_quality: PRICES.veo3!,
  models: (Object.keys(PRICES) as ModelId[]).map((model) => ({
    model,
    label: model,
    description: "",
    modes: ["text"],
    ...PRICES[model]!,
  })),
  modes: [],
  surcharges: [],
  simulated: false,
  credit_value: { usd: 0.01, source: "setting" },
};

/** Each body row as [option, credits, USD]; USD is "" when the table has no dollars column. */
function rows(): string[][] {
  const body = screen.getAllByRole("rowgroup")[1]!;
  return within(body)
    .getAllByRole("row")
    .map((row) => {
      const cells = [...row.querySelectorAll("td")];
      const usd = cells.length === 3 ? cells[1]!.textContent : "";
      return [row.querySelector("th span")!.textContent ?? "", cells[0]?.textContent ?? "", usd ?? ""];
    });
}

describe("the landing page's price table", () => {
  it("shows the catalogue's defaults, then the server's web and API prices with their dollars", async () => {
    await useLocale("en");
    let answer: (value: { body: PricingView }) => void = () => {};
    const { sent } = stubFetch({ "GET /api/pricing/current": () => new Promise((resolve) => (answer = resolve)) });
    renderWeb(<PricingComparisonSection />);
    // Before the answer: the catalogue's defaults, and no dollars (a credit's value is not known yet).
    expect(rows()[0]).toEqual(["Veo3 (Quality) web", "18", ""]);
    expect(screen.queryByRole("columnheader", { name: "USD" })).toBeNull();

    await waitFor(() => expect(sent).toHaveLength(1));
    answer({ body: PRICING });
    await waitFor(() => expect(rows()[0]?.[1]).toBe("150"));
    expect(rows()).toEqual([
      ["Veo3 (Quality) web", "150", "$1.50"],
      ["Veo3 Fast web", "30", "$0.30"],
      ["Veo3 Lite web", "12", "$0.12"],
      ["Veo3 (Quality) API", "250", "$2.50"],
      ["Veo3 Fast API", "45", "$0.45"],
      ["Veo3 Lite API", "20", "$0.20"],
    ]);
  });

  it("values credits at the server's credit value, and states no dollars at all without one", async () => {
    await useLocale("en");
    const answer = { ...PRICING, credit_value: { usd: 25 / 175, source: "packages" as const } };
    let current: PricingView = answer;
    stubFetch({ "GET /api/pricing/current": () => ({ body: current }) });
    const view = renderWeb(<PricingComparisonSection />);
    await waitFor(() => expect(rows()[0]).toEqual(["Veo3 (Quality) web", "150", "$21.43"]));
    expect(screen.getByRole("columnheader", { name: "From (USD)" })).toBeTruthy();
    expect(screen.getByText(/Credits cost from \$0\.143 each, depending on the package/)).toBeTruthy();
    view.unmount();

    current = { ...PRICING, credit_value: null };
    stubFetch({ "GET /api/pricing/current": () => ({ body: current }) });
    renderWeb(<PricingComparisonSection />);
    await waitFor(() =>
      expect(
        screen.getByText(/costs in credits at each model's standard length and resolution, with no subscription/),
      ).toBeTruthy(),
    );
    await waitFor(() => expect(rows()[0]).toEqual(["Veo3 (Quality) web", "150", ""]));
    expect(document.body.textContent).not.toMatch(/\$|USD/);
  });

  it("words and writes the amounts the Vietnamese way", async () => {
    await useLocale("vi");
    stubFetch({ "GET /api/pricing/current": { body: PRICING } });
    renderWeb(<PricingComparisonSection />);
    await waitFor(() => expect(rows()[0]?.[1]).toBe("150"));
    const [name, , usd] = rows()[0]!;
    expect(name).not.toBe("Veo3 (Quality) web");
    expect(name).toContain("Veo3 (Quality)");
    // vi-VN writes a decimal comma: 1,50 US$.
    expect(usd).toMatch(/1,50/);
  });
});
