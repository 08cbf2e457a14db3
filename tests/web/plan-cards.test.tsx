/**
 * A plan's card on /pricing (issue 69): what a year saves against twelve months, the month's price
 * (a yearly plan's twelfth with its yearly total beneath), the credits (a yearly plan granted at
 * once counts the year's), the rollover line and the perks.
 */
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { PlanCard } from "@/features/plans/plan-card";
import { switchSaving, yearlySaving } from "@/features/plans/plan-prices";
import { perkLines, planCreditsLine, priceLines, rolloverLine } from "@/features/plans/plan-words";
import { plan, PRO } from "./plan-fixtures";
import { renderWeb, useLocale } from "./render";

describe("what paying yearly saves", () => {
  it("compares the yearly price with twelve monthly ones, in whole percent", () => {
    expect(yearlySaving(plan({ monthlyPrice: "10.00", yearlyPrice: "100.00" }))).toBe(17);
    expect(yearlySaving(plan({ monthlyPrice: "30.00", yearlyPrice: "288.00" }))).toBe(20);
  });

  it("is nothing without both prices, or when a year costs as much as twelve months", () => {
    expect(yearlySaving(plan({ yearlyPrice: null }))).toBeNull();
    expect(yearlySaving(plan({ monthlyPrice: null }))).toBeNull();
    expect(yearlySaving(plan({ monthlyPrice: "10.00", yearlyPrice: "120.00" }))).toBeNull();
  });

  it("puts one figure on the switch when every plan saves the same, else the largest as 'up to'", () => {
    expect(switchSaving([plan(), plan({ monthlyPrice: "20.00", yearlyPrice: "200.00" })])).toEqual({
      percent: 17,
      upTo: false,
    });
    expect(switchSaving([plan(), PRO])).toEqual({ percent: 20, upTo: true });
    expect(switchSaving([plan({ yearlyPrice: null })])).toBeNull();
  });
});

describe("a plan's words", () => {
  beforeEach(() => useLocale("en"));

  it("prices a month, and a yearly plan as its twelfth with the year's total beneath", () => {
    expect(priceLines(plan(), "month")).toEqual({ perMonth: "$10.00", billed: "Billed monthly" });
    expect(priceLines(plan(), "year")).toEqual({ perMonth: "$8.33", billed: "$100.00 billed once a year" });
    expect(priceLines(plan({ yearlyPrice: null }), "year")).toBeNull();
  });

  it("counts the credits a month, or the year's when a yearly plan grants them at once", () => {
    expect(planCreditsLine(plan(), "month")).toBe("100 credits a month");
    expect(planCreditsLine(plan(), "year")).toBe("100 credits a month");
    expect(planCreditsLine(plan({ yearlyGrant: "upfront" }), "year")).toBe("1,200 credits at once");
    // Monthly billing grants each month, whatever the yearly grant.
    expect(planCreditsLine(plan({ yearlyGrant: "upfront" }), "month")).toBe("100 credits a month");
    expect(planCreditsLine(plan({ creditsPerMonth: 1 }), "month")).toBe("1 credit a month");
  });

  it("says whether unused credits roll over, and up to how many", () => {
    expect(rolloverLine(plan({ rolloverCap: 1500 }))).toBe("Unused credits roll over, up to 1,500.");
    expect(rolloverLine(plan({ rolloverCap: 0 }))).toBe("Unused credits do not roll over.");
  });

  it("lists the perks, the models by their catalogue names, every model when none is named", () => {
    expect(perkLines(plan())).toEqual(["Every model"]);
    expect(
      perkLines(
        plan({ perks: { commercialUse: true, apiAccess: true, videosAtOnce: 3, models: ["veo3_fast", "kling26"] } }),
      ),
    ).toEqual([
      "Commercial use of your videos",
      "API access at the same price",
      "3 videos at once",
      "Models: Veo3 Fast, Kling 2.6",
    ]);
    expect(perkLines(plan({ perks: { ...plan().perks, videosAtOnce: 1 } }))).toContain("1 video at once");
  });
});

describe("the plan card", () => {
  beforeEach(() => useLocale("en"));

  it("shows a monthly plan's price, credits and rollover", () => {
    renderWeb(<PlanCard plan={plan({ rolloverCap: 50 })} interval="month" action={null} />);
    const card = within(screen.getByRole("article", { name: "Starter" }));
    expect(card.getByText("$10.00")).toBeTruthy();
    expect(card.getByText("per month")).toBeTruthy();
    expect(card.getByText("Billed monthly")).toBeTruthy();
    expect(card.getByText("100 credits a month")).toBeTruthy();
    expect(card.getByText("Unused credits roll over, up to 50.")).toBeTruthy();
    expect(card.queryByText(/^Save/)).toBeNull();
  });

  it("shows a yearly plan as a month's share, the year's total beneath, what it saves and its upfront credits", () => {
    renderWeb(<PlanCard plan={PRO} interval="year" action={null} />);
    const card = within(screen.getByRole("article", { name: "Pro" }));
    expect(card.getByText("$24.00")).toBeTruthy();
    expect(card.getByText("$288.00 billed once a year")).toBeTruthy();
    expect(card.getByText("Save 20%")).toBeTruthy();
    expect(card.getByText("4,800 credits at once")).toBeTruthy();
    expect(card.getByText("Unused credits roll over, up to 200.")).toBeTruthy();
    expect(card.getByText("Most Popular")).toBeTruthy();
  });
});
