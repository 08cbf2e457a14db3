/**
 * /my-account's Plan card (issue 69): the plan's facts and the buttons each state allows (Cancel,
 * Undo cancellation, Resume, Change plan, Manage cards and invoices), the cancel question, the
 * portal left out for a PayPal plan without one, and a way to the plans for someone without.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { SubscriptionView } from "../../src/shared/schemas/plans";
import { PlanAccountCard } from "@/features/plans/plan-account-card";
import { stubFetch, type Answer } from "./fetch-stub";
import { mine, subscription } from "./plan-fixtures";
import { renderWeb, useLocale } from "./render";

const MINE = "GET /api/subscription";
const PORTAL = "GET /api/subscription/portal";

async function renderCard(sub: SubscriptionView | null, more: Record<string, Answer> = {}) {
  const stub = stubFetch({ [MINE]: { body: mine(sub) }, ...more });
  const view = renderWeb(<PlanAccountCard />, { path: "/my-account" });
  if (sub) await screen.findByText("Plan credits left");
  return { ...stub, ...view };
}

const buttonNames = () => screen.queryAllByRole("button").map((b) => b.textContent);

describe("the Plan card on /my-account", () => {
  beforeEach(() => useLocale("en"));

  it("offers Change plan, Manage cards and invoices and Cancel plan on an active plan", async () => {
    await renderCard(subscription());
    expect(screen.getByText("Active")).toBeTruthy();
    expect(screen.getByText("12/1/2026 for $10.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Change plan" }).getAttribute("href")).toBe("/pricing");
    expect(buttonNames()).toEqual(["Manage cards and invoices", "Cancel plan"]);
  });

  it("offers Undo cancellation, not Cancel or Change, on a plan cancelled at the period's end", async () => {
    await renderCard(subscription({ cancelAtPeriodEnd: true, nextRenewal: null }));
    expect(screen.getByText("Cancels on 12/1/2026")).toBeTruthy();
    expect(buttonNames()).toEqual(["Undo cancellation", "Manage cards and invoices"]);
    expect(screen.queryByRole("link", { name: "Change plan" })).toBeNull();
  });

  it("offers the card page and Cancel, but no change, on a plan past due", async () => {
    await renderCard(subscription({ status: "past_due", nextRenewal: null }));
    expect(screen.getByText("Past due")).toBeTruthy();
    expect(buttonNames()).toEqual(["Manage cards and invoices", "Cancel plan"]);
    expect(screen.queryByRole("link", { name: "Change plan" })).toBeNull();
  });

  it("offers Resume on a paused plan", async () => {
    await renderCard(subscription({ status: "paused", nextRenewal: null }));
    expect(screen.getByText("Paused")).toBeTruthy();
    expect(buttonNames()).toEqual(["Resume plan", "Manage cards and invoices", "Cancel plan"]);
  });

  it("asks before cancelling, saying until when the plan and its credits stay", async () => {
    const { user, sent } = await renderCard(subscription(), {
      "POST /api/subscription/cancel": {
        body: { message: "Your plan is cancelled.", subscription: subscription({ cancelAtPeriodEnd: true }) },
      },
    });
    await user.click(screen.getByRole("button", { name: "Cancel plan" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("Your plan stays until 12/1/2026; its credits expire then.")).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Cancel plan" }));
    await waitFor(() =>
      expect(sent.some((r) => r.method === "POST" && r.url === "/api/subscription/cancel")).toBe(true),
    );
  });

  it("shows why an undo failed with the app's error words", async () => {
    const { user } = await renderCard(subscription({ cancelAtPeriodEnd: true, nextRenewal: null }), {
      "POST /api/subscription/resume": {
        status: 409,
        body: { message: "Not cancelling", code: "conflict", reason: "plan_not_cancelling" },
      },
    });
    await user.click(screen.getByRole("button", { name: "Undo cancellation" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/nothing to undo|Not cancelling/);
  });

  it("leaves out the card page of a PayPal plan the server has none for", async () => {
    const { sent } = await renderCard(subscription({ provider: "paypal" }), {
      [PORTAL]: { status: 404, body: { message: "There is no page for cards and invoices for this plan." } },
    });
    await waitFor(() => expect(sent.some((r) => r.url === "/api/subscription/portal")).toBe(true));
    await waitFor(() => expect(buttonNames()).toEqual(["Cancel plan"]));
    expect(
      screen.getByText(
        "Plan changes on PayPal take effect at the next billing cycle and need your approval at PayPal.",
      ),
    ).toBeTruthy();
  });

  it("offers a PayPal plan's card page when the server has one", async () => {
    await renderCard(subscription({ provider: "paypal" }), { [PORTAL]: { body: { url: "https://paypal.test/a" } } });
    expect(await screen.findByRole("button", { name: "Manage cards and invoices" })).toBeTruthy();
  });

  it("asks a Creem plan's card page only on the click", async () => {
    const { sent } = await renderCard(subscription());
    expect(sent.map((r) => r.url)).toEqual(["/api/subscription"]);
  });

  it("points someone without a plan to the plans", async () => {
    await renderCard(null);
    const link = await screen.findByRole("link", { name: "see the plans" });
    expect(link.getAttribute("href")).toBe("/pricing");
    expect(screen.getByText(/You have no plan/)).toBeTruthy();
    expect(screen.queryAllByRole("button")).toHaveLength(0);
  });
});
