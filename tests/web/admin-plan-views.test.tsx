/**
 * Plans on the admin's pages (issue 69): the overview's Plans section with its figures, drawn only
 * once anyone had a plan, and a person's Plan card that ends their plan at the provider with a
 * reason, in English and Vietnamese.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview";
import type { AdminUserDetail } from "../../src/shared/schemas/admin-users";
import { PlansSection } from "@/features/admin/overview/plans-section";
import { UserPlanCard } from "@/features/admin/user-page/user-plan";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const USER_ID = "6f1c1a56-0000-4000-8000-0000000000cc";
const overview = (plans: AdminOverview["plans"]) => ({ range: "7d", plans }) as AdminOverview;

describe("the overview's plans", () => {
  it("shows live and past-due plans, those ended this month, MRR and churn", async () => {
    await useLocale("en", "admin");
    renderWeb(
      <PlansSection data={overview({ active: 12, pastDue: 2, cancelledThisMonth: 3, mrr: "348.00", churn: 0.125 })} />,
    );
    const figures = screen.getByLabelText("Plan totals");
    expect(within(figures).getByText("Active").nextSibling?.textContent).toBe("12");
    expect(figures.textContent).toContain("Past due2");
    expect(figures.textContent).toContain("Ended this month3");
    expect(figures.textContent).toContain("$348.00");
    expect(figures.textContent).toContain("12.5%");
  });

  it("draws nothing before anyone had a plan", async () => {
    await useLocale("en", "admin");
    const { container } = renderWeb(
      <PlansSection data={overview({ active: 0, pastDue: 0, cancelledThisMonth: 0, mrr: "0.00", churn: null })} />,
    );
    expect(container.textContent).toBe("");
  });
});

describe("a person's plan on their admin page", () => {
  const plan: NonNullable<AdminUserDetail["plan"]> = {
    id: "sub-1",
    planId: "plan-1",
    planName: "Studio",
    interval: "month",
    provider: "paypal",
    status: "active",
    cancelAtPeriodEnd: false,
    price: "29.00",
    currency: "USD",
    creditsPerMonth: 400,
    currentPeriodStart: "2026-11-01T10:00:00.000Z",
    currentPeriodEnd: "2026-12-01T10:00:00.000Z",
    nextRenewal: { at: "2026-12-01T10:00:00.000Z", amount: "29.00" },
    planCredits: { remaining: 250, expiresAt: "2026-12-01T10:00:00.000Z" },
    scheduledChange: null,
    pastDueSince: null,
  };
  const person = (p: AdminUserDetail["plan"]) => ({ id: USER_ID, plan: p }) as AdminUserDetail;

  it("says there is none", async () => {
    await useLocale("en", "admin");
    renderWeb(<UserPlanCard user={person(null)} />);
    expect(screen.getByText("No plan.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel this plan" })).toBeNull();
  });

  it("ends the plan at its provider only with a reason", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({
      [`POST /api/admin/users/${USER_ID}/plan/cancel`]: { body: { message: "cancelled", subscription: null } },
    });
    const { user } = renderWeb(<UserPlanCard user={person(plan)} />);
    expect(screen.getByText("Studio (monthly, PayPal)")).toBeTruthy();
    expect(screen.getByText("250")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Cancel this plan" }));
    await user.click(screen.getByRole("button", { name: "Cancel the plan now" }));
    expect(screen.getByRole("alert").textContent).toContain("Give a reason of at least 3 characters.");
    expect(sent.filter((r) => r.method === "POST")).toEqual([]);
    await user.type(screen.getByLabelText("Reason"), "Asked by e-mail");
    await user.click(screen.getByRole("button", { name: "Cancel the plan now" }));
    await waitFor(() => expect(sent.some((r) => r.method === "POST")).toBe(true));
    expect(sent.find((r) => r.method === "POST")!.body).toEqual({ reason: "Asked by e-mail" });
  });

  it("reads in Vietnamese, a cancelling plan with its end date", async () => {
    await useLocale("vi", "admin");
    renderWeb(<UserPlanCard user={person({ ...plan, cancelAtPeriodEnd: true, nextRenewal: null })} />);
    expect(screen.getByText(/^Huỷ vào/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Huỷ gói này" })).toBeTruthy();
  });
});
