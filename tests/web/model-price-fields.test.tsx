/**
 * The admin's prices (issue 42): grouped by model, one line per price cell labelled by the
 * catalogue (priceItemLabel), cents allowed for a price per second.
 */
import { useState } from "react";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PRICE_ITEMS, type ModelId, type PriceItem } from "../../src/shared/catalogue";
import { resolvePrices } from "../../src/shared/prices";
import { ModelPricingFields } from "@/features/admin/settings/model-price-fields";
import type { PriceDraft } from "@/features/admin/settings/price-fields";
import { renderWeb, useLocale } from "./render";

const DEFAULTS = resolvePrices(undefined);
const DRAFTS = Object.fromEntries(
  PRICE_ITEMS.map((item) => [
    item,
    { webCredits: String(DEFAULTS[item]!.web), apiPrice: DEFAULTS[item]!.api.toFixed(2) },
  ]),
) as Record<PriceItem, PriceDraft>;

function Harness({ onOffered }: { onOffered: (model: ModelId, offered: boolean) => void }) {
  const [prices, setPrices] = useState(DRAFTS);
  return (
    <ModelPricingFields
      prices={prices}
      disabledModels={["wan26"]}
      onPrice={(item) => (value) => setPrices((p) => ({ ...p, [item]: value }))}
      onOffered={(model) => (offered) => onOffered(model, offered)}
    />
  );
}

describe("the admin's model prices", () => {
  beforeEach(() => useLocale("en", "admin"));

  it("groups each model's cells under it, labelled by the catalogue, with cents for a price per second", async () => {
    const onOffered = vi.fn();
    const { user } = renderWeb(<Harness onOffered={onOffered} />);
    const kling = screen.getByRole("region", { name: "Kling 3.0" });
    const cells = within(kling).getAllByRole("group");
    expect(cells.map((cell) => cell.getAttribute("aria-labelledby"))).toEqual([
      "price-kling3:720p-title",
      "price-kling3:720p+sound-title",
      "price-kling3:1080p-title",
      "price-kling3:1080p+sound-title",
      "price-kling3:4k-title",
      "price-kling3:4k+sound-title",
    ]);
    const withSound = within(kling).getByRole("group", { name: "Kling 3.0 · 1080p · with sound · per second" });
    const web = within(withSound).getByRole("spinbutton", { name: "Web credits" });
    expect(web.getAttribute("step")).toBe("0.01");
    await user.clear(web);
    await user.type(web, "1.25");
    expect((web as HTMLInputElement).value).toBe("1.25");

    // A Veo model: one price per video, in whole credits.
    const quality = screen.getByRole("region", { name: "Veo3 (Quality)" });
    expect(within(quality).getAllByRole("group")).toHaveLength(1);
    expect(within(quality).getByRole("spinbutton", { name: "Web credits" }).getAttribute("step")).toBe("1");

    // Each model's Offer box in its group.
    const wan = screen.getByRole("region", { name: "Wan 2.6" });
    const offer = within(wan).getByRole("checkbox", { name: "Offer Wan 2.6" });
    expect(offer).toHaveProperty("checked", false);
    await user.click(offer);
    expect(onOffered).toHaveBeenCalledWith("wan26", true);
    // The surcharges follow the models.
    expect(screen.getByRole("group", { name: "4K upgrade" })).toBeTruthy();
  });
});
