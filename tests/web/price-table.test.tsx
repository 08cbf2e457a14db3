import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ModelId } from "../../src/shared/catalogue";
import type { PricingView } from "../../src/shared/schemas/videos";
import { VideoPricesSection } from "@/features/pricing/video-prices-section";
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

/** Each body row as [model, website, API], each price cell's credits and dollars run together. */
function rows(): string[][] {
  const body = screen.getAllByRole("rowgroup")[1]!;
  return within(body)
    .getAllByRole("row")
    .map((row) => [
      row.querySelector("th span")!.textContent ?? "",
      ...[...row.querySelectorAll("td")].map((cell) => cell.textContent ?? ""),
    ]);
}

/** /pricing's table of every video's price (decision 0167; it was the landing page's until issue 72). */
describe("what a video costs, on /pricing", () => {
  it("shows the catalogue's defaults, then the server's web and API prices with their dollars", async () => {
    await useLocale("en");
    let answer: (value: { body: PricingView }) => void = () => {};
    const { sent } = stubFetch({ "GET /api/pricing/current": () => new Promise((resolve) => (answer = resolve)) });
    renderWeb(<VideoPricesSection />);
    // Before the answer: the catalogue's defaults, and no dollars (a credit's value is not known yet).
    expect(rows()[0]).toEqual(["Veo3 (Quality)", "18", "36"]);
    expect(document.body.textContent).not.toMatch(/\$/);

    await waitFor(() => expect(sent).toHaveLength(1));
    answer({ body: PRICING });
    await waitFor(() => expect(rows()[0]?.[1]).toBe("150$1.50"));
    expect(rows()).toEqual([
      ["Veo3 (Quality)", "150$1.50", "250$2.50"],
      ["Veo3 Fast", "30$0.30", "45$0.45"],
      ["Veo3 Lite", "12$0.12", "20$0.20"],
    ]);
    expect(screen.getByText(/Dollars at \$0\.01 a credit\./)).toBeTruthy();
  });

  it("values credits at the packages' lowest price, says so, and states no dollars at all without a value", async () => {
    await useLocale("en");
    const answer = { ...PRICING, credit_value: { usd: 25 / 175, source: "packages" as const } };
    let current: PricingView = answer;
    stubFetch({ "GET /api/pricing/current": () => ({ body: current }) });
    const view = renderWeb(<VideoPricesSection />);
    await waitFor(() => expect(rows()[0]).toEqual(["Veo3 (Quality)", "150$21.43", "250$35.71"]));
    expect(
      screen.getByText(/lowest price of a credit, \$0\.143: from that much, depending on the package/),
    ).toBeTruthy();
    view.unmount();

    current = { ...PRICING, credit_value: null };
    stubFetch({ "GET /api/pricing/current": () => ({ body: current }) });
    renderWeb(<VideoPricesSection />);
    await waitFor(() => expect(rows()[0]).toEqual(["Veo3 (Quality)", "150", "250"]));
    expect(document.body.textContent).not.toMatch(/\$|USD/);
  });

  it("words and writes the amounts the Vietnamese way", async () => {
    await useLocale("vi");
    stubFetch({ "GET /api/pricing/current": { body: PRICING } });
    renderWeb(<VideoPricesSection />);
    await waitFor(() => expect(rows()[0]?.[1]).toMatch(/^150/));
    // vi-VN writes a decimal comma: 1,50 US$.
    expect(rows()[0]?.[1]).toMatch(/1,50/);
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Mô hình", "Trang web", "API"]);
  });
});
