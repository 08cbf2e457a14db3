/**
 * The admin's prices (issues 42, 68): one table of every cell with what one video costs the owner,
 * earns at the cheapest credit a buyer can get and keeps, a loss marked where the price is set.
 */
import { useState } from "react";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PRICE_ITEMS, type ModelId, type PriceItem } from "../../src/shared/catalogue";
import { resolvePrices } from "../../src/shared/prices";
import { PricingSection } from "@/features/admin/settings/pricing-section";
import type { PriceDraft } from "@/features/admin/settings/settings-draft";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const DEFAULTS = resolvePrices(undefined);
const DRAFTS = Object.fromEntries(
  PRICE_ITEMS.map((item) => [
    item,
    { webCredits: String(DEFAULTS[item]!.web), apiPrice: DEFAULTS[item]!.api.toFixed(2) },
  ]),
) as Record<PriceItem, PriceDraft>;
const STUDIO = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Studio",
  credits: 2000,
  bonusCredits: 300,
  price: "129.00",
  popular: false,
  description: null,
  bonus: null,
  creemProductId: null,
  isActive: true,
  createdAt: "2026-11-01T00:00:00.000Z",
};

function Harness({ onOffered }: { onOffered: (model: ModelId, offered: boolean) => void }) {
  const [prices, setPrices] = useState(DRAFTS);
  return (
    <PricingSection
      draft={{
        prices,
        kieCreditUsd: "0.005",
        vendorOrder: {},
        disabledModels: ["wan26"],
        creditValueUsd: null,
        priceMarginPercent: "30",
      }}
      savedMargin={30}
      onPrice={(item) => (value) => setPrices((p) => ({ ...p, [item]: value }))}
      onOffered={(model) => (offered) => onOffered(model, offered)}
      onMargin={() => {}}
    />
  );
}

const rowOf = (item: string) => document.querySelector<HTMLTableRowElement>(`tr[data-item="${item}"]`)!;
const cells = (item: string) => Array.from(rowOf(item).querySelectorAll("td")).map((td) => td.textContent?.trim());

describe("the admin's price table", () => {
  beforeEach(() => useLocale("en", "admin"));

  it("shows each price's cost, earnings and margin per video at 10 cents a credit with no package", async () => {
    stubFetch({ "GET /api/admin/credit-packages": { body: [] } });
    renderWeb(<Harness onOffered={vi.fn()} />);
    expect(
      await screen.findByText(/Earnings are reckoned at \$0\.10 a credit until a package is on sale/),
    ).toBeTruthy();
    // Veo3 Fast: 5 credits, KIE $0.30, earns $0.50, keeps $0.20 (40 %).
    expect(cells("veo3_fast").slice(2)).toEqual(["$0.30", "$0.50", "$0.20 (40%)"]);
    // A per-second price, shown for a video of the model's default length: 5 s of Kling 3.0 1080p with sound.
    expect(within(rowOf("kling3:1080p+sound")).getByText("per second; figures for a 5-second video")).toBeTruthy();
    expect(cells("kling3:1080p+sound").slice(2)).toEqual(["$0.675", "$1.00", "$0.325 (32%)"]);
    expect(within(rowOf("wan26:720p")).getByText(/not offered/)).toBeTruthy();
  });

  it("marks a price below cost as it is typed, at the cheapest package's credit", async () => {
    stubFetch({ "GET /api/admin/credit-packages": { body: [STUDIO] } });
    const { user } = renderWeb(<Harness onOffered={vi.fn()} />);
    // 129 / 2300 = $0.056 a credit: Fast's 5 credits earn $0.28, below KIE's $0.30.
    await waitFor(() => expect(rowOf("veo3_fast").querySelector("[data-below-cost]")).toBeTruthy());
    expect(screen.getByText(/\$0\.056 a credit: what a buyer pays per credit in your cheapest package/)).toBeTruthy();
    const web = screen.getByRole("spinbutton", { name: "Web credits for Veo3 Fast" });
    await user.clear(web);
    await user.type(web, "8");
    await waitFor(() => expect(rowOf("veo3_fast").querySelector("[data-below-cost]")).toBeNull());
    expect(cells("veo3_fast").at(-1)).toMatch(/^\$0\.149 \(33%\)$/);
  });

  it("lists every model with its Offer box, the ones not offered unticked", async () => {
    stubFetch({ "GET /api/admin/credit-packages": { body: [] } });
    const onOffered = vi.fn();
    const { user } = renderWeb(<Harness onOffered={onOffered} />);
    const wan = screen.getByRole("checkbox", { name: "Offer Wan 2.6" });
    expect(wan).toHaveProperty("checked", false);
    await user.click(wan);
    expect(onOffered).toHaveBeenCalledWith("wan26", true);
    expect(
      screen.getByRole("spinbutton", { name: "Web credits for Kling 3.0 · 1080p · with sound" }).getAttribute("step"),
    ).toBe("0.01");
    expect(screen.getByRole("spinbutton", { name: "Web credits for Veo3 (Quality)" }).getAttribute("step")).toBe("1");
  });
});
