/**
 * The admin's plans beside the packages (issue 69): each plan's prices, credits a month, rollover
 * and subscribers; the dialog sends every field of the plan, and a plan that would sell a video
 * below cost is saved only once the owner confirms, as a package is.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminPlanView } from "../../src/shared/schemas/plans";
import { PlansCard } from "@/features/admin/plans/plans-card";
import { stubFetch, type Sent } from "./fetch-stub";
import { plan } from "./plan-fixtures";
import { renderWeb, useLocale } from "./render";

const LIST = "GET /api/admin/plans";

const adminPlan = (over: Partial<AdminPlanView> = {}): AdminPlanView => ({
  ...plan(),
  isActive: true,
  creemProductMonthly: "prod_m",
  creemProductYearly: null,
  paypalPlanMonthly: null,
  paypalPlanYearly: null,
  subscribers: 3,
  createdAt: "2026-11-01T12:00:00.000Z",
  ...over,
});

describe("the admin's plans", () => {
  beforeEach(() => useLocale("en", "admin"));

  it("lists each plan's prices, credits a month, rollover and subscribers", async () => {
    stubFetch({
      [LIST]: {
        body: [
          adminPlan(),
          adminPlan({
            id: "22222222-2222-4222-8222-222222222222",
            name: "Pro",
            yearlyGrant: "upfront",
            rolloverCap: 200,
            isActive: false,
            subscribers: 1,
          }),
        ],
      },
    });
    renderWeb(<PlansCard />);
    const starter = await screen.findByRole("listitem", { name: "Plan Starter" });
    expect(starter.textContent).toContain(
      "$10.00 a month · $100.00 a year · 100 credits a month · no rollover · 3 subscribers",
    );
    const pro = screen.getByRole("listitem", { name: "Plan Pro" });
    expect(pro.textContent).toContain("yearly: the year's credits at once · rolls over up to 200 · 1 subscriber");
    expect(within(pro).getByText("Inactive")).toBeTruthy();
  });

  it("sends every field, and asks before a sale below cost, then saves again confirmed", async () => {
    const posts: Sent[] = [];
    stubFetch({
      [LIST]: { body: [] },
      "POST /api/admin/plans": (request) => {
        posts.push(request);
        if (posts.length === 1)
          return {
            status: 409,
            body: {
              message: "This would sell below the vendor's cost: Veo3 (Quality).",
              code: "conflict",
              reason: "prices_below_cost",
              params: { count: 1, items: "Veo3 (Quality)" },
            },
          };
        return { status: 201, body: adminPlan() };
      },
    });
    const { user } = renderWeb(<PlansCard />);
    await user.click(await screen.findByRole("button", { name: "Add Plan" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("A price change applies to new subscribers only.")).toBeTruthy();
    await user.type(dialog.getByLabelText("Plan name"), "Starter");
    await user.type(dialog.getByLabelText("Price per year (USD)"), "100");
    await user.type(dialog.getByLabelText("Credits per month"), "100");
    await user.selectOptions(dialog.getByLabelText("A yearly plan's credits"), "upfront");
    await user.clear(dialog.getByLabelText("Rollover cap"));
    await user.type(dialog.getByLabelText("Rollover cap"), "50");
    await user.click(dialog.getByLabelText("Commercial use"));
    await user.type(dialog.getByLabelText("Videos at once"), "2");
    await user.click(dialog.getByLabelText("Veo3 Fast"));
    await user.type(dialog.getByLabelText("Creem product ID, yearly (optional)"), "prod_y");
    await user.click(dialog.getByRole("button", { name: "Save Plan" }));

    await user.click(await screen.findByRole("button", { name: "Save anyway" }));
    await waitFor(() => expect(posts).toHaveLength(2));
    const sent = {
      name: "Starter",
      description: null,
      monthlyPrice: null,
      yearlyPrice: "100",
      creditsPerMonth: 100,
      yearlyGrant: "upfront",
      rolloverCap: 50,
      perks: { commercialUse: true, apiAccess: false, videosAtOnce: 2, models: ["veo3_fast"] },
      creemProductMonthly: null,
      creemProductYearly: "prod_y",
      isActive: true,
      popular: false,
    };
    expect(posts[0]!.body).toEqual(sent);
    expect(posts[1]!.body).toEqual({ ...sent, confirmBelowCost: true });
  });

  it("says what is missing before anything is sent", async () => {
    const { sent } = stubFetch({ [LIST]: { body: [] } });
    const { user } = renderWeb(<PlansCard />);
    await user.click(await screen.findByRole("button", { name: "Add Plan" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.type(dialog.getByLabelText("Plan name"), "Starter");
    await user.click(dialog.getByRole("button", { name: "Save Plan" }));
    expect(dialog.getByText("Give a monthly price, a yearly price, or both")).toBeTruthy();
    expect(sent.filter((r) => r.method === "POST")).toHaveLength(0);
  });
});
