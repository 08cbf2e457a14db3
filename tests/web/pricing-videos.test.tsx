/**
 * /pricing says what a purchase buys in one line (decision 0167): a headline counted in Veo3 Fast
 * videos (else the model that gives the most), every model's count folded out beneath, a visitor's
 * "Create a free account" instead of Buy Now, and every model's price of a video, on the website and
 * through the API, for everyone.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ModelId } from "../../src/shared/catalogue";
import type { PricingView } from "../../src/shared/schemas/videos";
import { PackageCard } from "@/features/payments/package-card";
import type { DisplayPackage } from "@/features/payments/packages";
import { VideoPricesSection } from "@/features/pricing/video-prices-section";
import { referenceModel, videosHeadline } from "@/features/pricing/video-counts";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

function pricing(prices: Partial<Record<ModelId, [web: number, api: number]>>, usd: number | null): PricingView {
  const any = { web_credits: 1, api_credits: 1 };
  return {
    veo3_fast: any,
    veo3_quality: any,
    models: (Object.keys(prices) as ModelId[]).map((model) => ({
      model,
      label: model,
      description: "",
      modes: ["text"],
      web_credits: prices[model]![0],
      api_credits: prices[model]![1],
    })),
    modes: [],
    surcharges: [],
    simulated: false,
    credit_value: usd === null ? null : { usd, source: "setting" },
  };
}

const PACK: DisplayPackage = {
  id: "pack-1",
  name: "Creator",
  credits: 500,
  price: "50.00",
  popular: false,
  description: null,
  bonus: null,
  bonusCredits: 100,
  purchasable: true,
};

beforeEach(() => useLocale("en"));

describe("the headline's model", () => {
  const m = (model: ModelId, web: number) => ({ model, web, label: model });

  it("counts in Veo3 Fast while it is offered, else in the model that gives the most videos", () => {
    expect(referenceModel([m("veo3", 20), m("veo3_fast", 5), m("veo3_lite", 3)])?.model).toBe("veo3_fast");
    expect(referenceModel([m("veo3", 20), m("kling26", 9), m("veo3_lite", 3)])?.model).toBe("veo3_lite");
    // A model with no price buys nothing: never the reference.
    expect(referenceModel([m("veo3_fast", 0), m("veo3", 20)])?.model).toBe("veo3");
    expect(referenceModel([])).toBeNull();
  });

  it("says one number, in the plural rules of the language", () => {
    expect(videosHeadline(600, [m("veo3_fast", 6)])).toBe("≈ 100 veo3_fast videos");
    expect(videosHeadline(7, [m("veo3_fast", 6)])).toBe("≈ 1 veo3_fast video");
    expect(videosHeadline(100, [m("veo3_fast", 4)], "month")).toBe("≈ 25 veo3_fast videos a month");
    expect(videosHeadline(100, [])).toBeNull();
  });
});

describe("a pack's card", () => {
  it("heads the pack with one count, its bonus included, and folds out every model's", async () => {
    stubFetch({ "GET /api/pricing/current": { body: pricing({ veo3: [30, 40], veo3_fast: [6, 9] }, null) } });
    renderWeb(<PackageCard pkg={PACK} all={[PACK]} onBuy={() => {}} />, { path: "/pricing" });
    const card = within(screen.getByRole("article", { name: "Creator" }));
    // 600 credits (500 and 100 bonus) at 6 a Veo3 Fast video.
    await waitFor(() => expect(card.getByText("≈ 100 Veo3 Fast videos")).toBeTruthy());
    expect(card.queryByText(/^About /)).toBeNull();
    const detail = card.getByText("Videos with each model").closest("details")!;
    expect(within(detail).getByText("Veo3 (Quality)").nextElementSibling?.textContent).toBe("20 videos");
    expect(within(detail).getByText("Veo3 Fast").nextElementSibling?.textContent).toBe("100 videos");
    expect(card.getByRole("button", { name: "Buy Now: Creator" })).toBeTruthy();
  });

  it("offers a visitor a free account instead of Buy Now", () => {
    stubFetch({ "GET /api/pricing/current": { body: pricing({ veo3_fast: [6, 9] }, null) } });
    renderWeb(<PackageCard pkg={PACK} all={[PACK]} onBuy={() => {}} signUpHref="/login?mode=register" />);
    const link = screen.getByRole("link", { name: "Create a free account to buy Creator" });
    expect(link.getAttribute("href")).toBe("/login?mode=register");
    expect(screen.queryByRole("button", { name: /Buy Now/ })).toBeNull();
  });
});

/** Each body row as [model, website, API]. */
function rows(): string[][] {
  const body = screen.getAllByRole("rowgroup")[1]!;
  return within(body)
    .getAllByRole("row")
    .map((row) => [
      row.querySelector("th span")!.textContent ?? "",
      ...[...row.querySelectorAll("td")].map((cell) => cell.textContent ?? ""),
    ]);
}

describe("what a video costs", () => {
  it("has one row per model with its website and API prices, in dollars too while a credit has a value", async () => {
    stubFetch({
      "GET /api/pricing/current": { body: pricing({ veo3: [150, 250], veo3_fast: [30, 45] }, 0.01) },
    });
    renderWeb(<VideoPricesSection />);
    await waitFor(() =>
      expect(rows()).toEqual([
        ["Veo3 (Quality)", "150$1.50", "250$2.50"],
        ["Veo3 Fast", "30$0.30", "45$0.45"],
      ]),
    );
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Model", "Website", "API"]);
    expect(screen.queryByRole("columnheader", { name: /N8N/i })).toBeNull();
    // "API" is explained in words.
    expect(document.body.textContent).toContain(
      "API: a video made through the API with an API token, from an automation such as n8n or Make",
    );
  });

  it("states no dollars without a credit value, and words the table in Vietnamese", async () => {
    await useLocale("vi");
    stubFetch({ "GET /api/pricing/current": { body: pricing({ veo3_fast: [30, 45] }, null) } });
    renderWeb(<VideoPricesSection />);
    await waitFor(() => expect(rows()).toEqual([["Veo3 Fast", "30", "45"]]));
    expect(document.body.textContent).not.toMatch(/\$|USD/);
    expect(screen.getByRole("heading", { name: "Giá một video" })).toBeTruthy();
  });
});
