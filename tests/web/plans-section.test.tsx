/**
 * /pricing's plans (issue 69): a subscriber's plan above the cards (renewal date and amount, plan
 * credits left and when they expire, the other credits beside them), "Your plan" on theirs and
 * Switch on the others; a visitor's Subscribe goes to sign up and back; the Monthly/Yearly switch
 * shows what a year saves.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { PlansSection } from "@/features/plans/plans-section";
import { SubscriberSummary } from "@/features/plans/subscriber-summary";
import { stubFetch } from "./fetch-stub";
import { DEC_1, mine, plan, PRO, subscription } from "./plan-fixtures";
import { renderWeb, useLocale } from "./render";

const PLANS = "GET /api/plans";
const MINE = "GET /api/subscription";

describe("a subscriber's plan above the plans", () => {
  beforeEach(() => useLocale("en"));

  it("names the plan, the next renewal, the plan credits left with their expiry, and the other credits", () => {
    renderWeb(<SubscriberSummary sub={subscription()} otherCredits={150} />);
    const summary = within(screen.getByRole("region", { name: "Your plan" }));
    expect(summary.getByText("Starter · Monthly")).toBeTruthy();
    expect(summary.getByText("Active")).toBeTruthy();
    expect(summary.getByText("12/1/2026 for $10.00")).toBeTruthy();
    expect(summary.getByText("80 credits")).toBeTruthy();
    expect(summary.getByText("They expire on 12/1/2026.")).toBeTruthy();
    expect(summary.getByText("150 credits")).toBeTruthy();
    expect(summary.getByRole("link", { name: "Manage your plan" }).getAttribute("href")).toBe("/my-account");
  });

  it("says when a cancelled plan ends instead of a renewal, and a downgrade waiting for the period's end", () => {
    renderWeb(
      <SubscriberSummary
        sub={subscription({
          cancelAtPeriodEnd: true,
          nextRenewal: null,
          scheduledChange: { planName: "Pro", interval: "year" },
        })}
        otherCredits={0}
      />,
    );
    expect(screen.getByText("Cancels on 12/1/2026")).toBeTruthy();
    expect(screen.getByText("None")).toBeTruthy();
    expect(screen.getByText("Moves to Pro (Yearly) when this period ends.")).toBeTruthy();
  });
});

describe("the plans on /pricing", () => {
  beforeEach(() => useLocale("en"));

  it("marks the subscriber's plan and offers Switch on the others", async () => {
    stubFetch({ [PLANS]: { body: [plan(), PRO] }, [MINE]: { body: mine(subscription()) } });
    renderWeb(<PlansSection signedIn />, { path: "/pricing" });
    const starter = within(await screen.findByRole("article", { name: "Starter" }));
    expect(starter.getByRole<HTMLButtonElement>("button", { name: "Your plan" }).disabled).toBe(true);
    const pro = within(screen.getByRole("article", { name: "Pro" }));
    expect(pro.getByRole("button", { name: "Switch to Pro" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Your plan" })).toBeTruthy();
  });

  it("offers Switch on the subscriber's own plan for the other period", async () => {
    stubFetch({ [PLANS]: { body: [plan()] }, [MINE]: { body: mine(subscription()) } });
    const { user } = renderWeb(<PlansSection signedIn />, { path: "/pricing" });
    await user.click(await screen.findByRole("radio", { name: /Yearly/ }));
    expect(screen.getByRole("button", { name: "Switch to Starter" })).toBeTruthy();
  });

  it("shows a year's saving on the switch, and the yearly prices once chosen", async () => {
    stubFetch({ [PLANS]: { body: [plan(), PRO] } });
    const { user } = renderWeb(<PlansSection signedIn={false} />, { path: "/pricing" });
    const yearly = await screen.findByRole("radio", { name: /Yearly/ });
    expect(yearly.textContent).toBe("YearlySave up to 20%");
    expect(screen.getByText("$10.00")).toBeTruthy();
    await user.click(yearly);
    expect(screen.getByText("$8.33")).toBeTruthy();
    expect(screen.getByText("$100.00 billed once a year")).toBeTruthy();
  });

  it("offers a visitor a free account that comes back to /pricing (decision 0167)", async () => {
    const { sent } = stubFetch({ [PLANS]: { body: [plan()] }, "GET /api/pricing/current": { status: 500, body: {} } });
    renderWeb(<PlansSection signedIn={false} />, { path: "/pricing" });
    const signUp = await screen.findByRole("link", { name: "Create a free account to subscribe to Starter" });
    expect(signUp.textContent).toBe("Create a free account");
    expect(signUp.getAttribute("href")).toBe("/login?mode=register&next=%2Fpricing");
    expect(screen.queryByRole("link", { name: /Subscribe/ })).toBeNull();
    expect(sent.map((r) => r.url)).not.toContain("/api/subscription");
  });

  it("heads each plan with one count of videos a month, the detail per model folded beneath", async () => {
    const pricing = {
      veo3_fast: { web_credits: 4, api_credits: 6 },
      veo3_quality: { web_credits: 20, api_credits: 30 },
      models: [
        { model: "veo3", label: "", description: "", modes: ["text"], web_credits: 20, api_credits: 30 },
        { model: "veo3_fast", label: "", description: "", modes: ["text"], web_credits: 4, api_credits: 6 },
      ],
      modes: [],
      surcharges: [],
      simulated: false,
      credit_value: null,
    };
    stubFetch({ [PLANS]: { body: [plan()] }, "GET /api/pricing/current": { body: pricing } });
    renderWeb(<PlansSection signedIn={false} />, { path: "/pricing" });
    const starter = within(await screen.findByRole("article", { name: "Starter" }));
    // 100 credits a month at 4 credits a Veo3 Fast video.
    await waitFor(() => expect(starter.getByText("≈ 25 Veo3 Fast videos a month")).toBeTruthy());
    const detail = starter.getByText("Videos with each model").closest("details")!;
    expect(detail.open).toBe(false);
    expect(within(detail).getByText("Veo3 (Quality)").nextElementSibling?.textContent).toBe("5 videos");
  });

  it("opens the provider choice for a signed-in person without a plan", async () => {
    stubFetch({
      [PLANS]: { body: [plan({ providers: { month: ["creem"], year: [] } })] },
      [MINE]: { body: mine(null) },
    });
    const { user } = renderWeb(<PlansSection signedIn />, { path: "/pricing" });
    await user.click(await screen.findByRole("button", { name: "Subscribe: Starter" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByText("Subscribe to Starter")).toBeTruthy();
    expect(dialog.getByRole("button", { name: /Pay with Card/ })).toBeTruthy();
    expect(dialog.queryByRole("button", { name: /Pay with PayPal/ })).toBeNull();
  });

  it("shows nothing while no plan is on sale", async () => {
    const { sent } = stubFetch({ [PLANS]: { body: [] } });
    const { container } = renderWeb(<PlansSection signedIn={false} />, { path: "/pricing" });
    await waitFor(() => expect(sent).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toBe(""));
  });

  it("keeps PayPal's note on plan changes in view for a PayPal subscriber", async () => {
    stubFetch({
      [PLANS]: { body: [plan(), PRO] },
      [MINE]: { body: mine(subscription({ provider: "paypal", planCredits: { remaining: 5, expiresAt: DEC_1 } })) },
    });
    renderWeb(<PlansSection signedIn />, { path: "/pricing" });
    expect(
      await screen.findByText(
        "Plan changes on PayPal take effect at the next billing cycle and need your approval at PayPal.",
      ),
    ).toBeTruthy();
  });
});
