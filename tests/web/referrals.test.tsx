/**
 * The referral programme on the web (issue 70, decision 0157): /my-account's Referrals card shows
 * the link with a copy button, the figures and the terms in words, and nothing while the programme
 * is off; the admin's Referrals card sits in Settings > Sign-ups, saves every number with the
 * section's bar on PUT /api/admin/settings/referrals, refuses a hold under a day beside its field,
 * and says cash commissions are Creem's Affiliate Hub.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MyReferrals } from "../../src/shared/schemas/referrals";
import type { AdminSettingsView } from "../../src/shared/schemas/settings";
import { ReferralsCard as AdminReferralsCard } from "@/features/admin/settings/referrals-card";
import { SettingsSectionBody } from "@/features/admin/settings/settings-section-body";
import { SettingsSectionForm } from "@/features/admin/settings/section/settings-section-form";
import { ReferralPricingLine } from "@/features/referrals/referral-pricing-line";
import { ReferralsCard } from "@/features/referrals/referrals-card";
import { stubFetch } from "./fetch-stub";
import { SETTINGS } from "./settings-fixture";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const MINE: MyReferrals = {
  enabled: true,
  code: "ABCD2345",
  link: "http://localhost:3000/r/ABCD2345",
  joined: 3,
  bought: 1,
  earnedCredits: 40,
  heldCredits: 12,
  terms: { sharePercent: 10, months: 12, capCredits: 2000, holdHours: 168, refereeCredits: 100, refereeDays: 30 },
};

describe("the Referrals card on /my-account", () => {
  it("shows the link with a copy button, the figures and the terms in words", async () => {
    await useLocale("en");
    stubFetch({ "GET /api/referrals": { body: MINE } });
    const { user } = renderWeb(<ReferralsCard />, { path: "/my-account" });
    const link = await screen.findByLabelText<HTMLInputElement>("Your referral link");
    expect(link.value).toBe("http://localhost:3000/r/ABCD2345");
    const figures = screen.getByLabelText("Your referrals in figures");
    expect(figures.textContent).toContain("People joined3");
    expect(figures.textContent).toContain("Bought1");
    expect(figures.textContent).toContain("Credits earned40");
    expect(figures.textContent).toContain("Credits held12");
    expect(
      screen.getByText(
        "You earn 10% of what each person you refer pays, as credits, for 12 months after they join, up to 2,000 credits per person.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        "Each reward is held for 7 days after the payment, then added to your balance; a refunded payment takes its reward back.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText("The person you refer gets 100 credits once they confirm their address, to use within 30 days."),
    ).toBeTruthy();
    // user-event puts a clipboard of its own in the page: what the button wrote is read back from it.
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Copied")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe("http://localhost:3000/r/ABCD2345");
  });

  it("words a hold that is not whole days in hours, and one month in the singular", async () => {
    await useLocale("en");
    stubFetch({
      "GET /api/referrals": {
        body: { ...MINE, terms: { ...MINE.terms, holdHours: 36, months: 1, refereeCredits: 0 } },
      },
    });
    renderWeb(<ReferralsCard />, { path: "/my-account" });
    expect(await screen.findByText(/is held for 36 hours after the payment/)).toBeTruthy();
    expect(screen.getByText(/for 1 month after they join/)).toBeTruthy();
    expect(screen.queryByText(/The person you refer gets/)).toBeNull();
  });

  it("is not drawn while the programme is off", async () => {
    await useLocale("en");
    stubFetch({ "GET /api/referrals": { body: { ...MINE, enabled: false, code: null, link: null } } });
    const { container } = renderWeb(<ReferralsCard />, { path: "/my-account" });
    await waitFor(() => expect(container.textContent).toBe(""));
  });
});

describe("the referral line on /pricing", () => {
  it("tells a signed-in person the share and where their link is, and nothing while off", async () => {
    await useLocale("en");
    stubFetch({ "GET /api/referrals": { body: MINE } });
    const { unmount } = renderWeb(<ReferralPricingLine signedIn />, { path: "/pricing" });
    expect(
      await screen.findByText(
        /^Invite friends: you earn 10% of what they pay, as credits, for 12 months after they join\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Your link is on My Account" }).getAttribute("href")).toBe(
      "/my-account#referrals",
    );
    unmount();
    const off = stubFetch({ "GET /api/referrals": { body: { ...MINE, enabled: false } } });
    const { container } = renderWeb(<ReferralPricingLine signedIn />, { path: "/pricing" });
    await waitFor(() => expect(off.sent).toHaveLength(1));
    expect(container.textContent).toBe("");
    const signedOut = stubFetch({});
    renderWeb(<ReferralPricingLine signedIn={false} />, { path: "/pricing" });
    expect(signedOut.sent).toHaveLength(0);
  });
});

const STORED: AdminSettingsView = { ...SETTINGS };
const ROUTE = "PUT /api/admin/settings/referrals";

function renderAdminCard() {
  const stub = stubFetch({ [ROUTE]: { body: { message: "Referral settings updated", settings: STORED } } });
  const view = renderWeb(
    <SettingsSectionForm label="Sign-ups">
      <AdminReferralsCard settings={STORED} />
    </SettingsSectionForm>,
  );
  return { ...stub, ...view, puts: () => stub.sent.filter((r) => r.method === "PUT") };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe("the admin's Referrals card", () => {
  it("sits in the Sign-ups section and says cash commissions are Creem's Affiliate Hub", async () => {
    await useLocale("en", "admin");
    stubFetch({});
    renderWeb(<SettingsSectionBody section="sign-ups" settings={STORED} />);
    const card = screen.getByRole("region", { name: "Referrals" });
    expect(card.querySelector("h2")?.id).toBe("referrals-title");
    expect(card.textContent).toContain("Creem Affiliate Hub");
  });

  it("shows every number and saves a change with the section's bar", async () => {
    await useLocale("en", "admin");
    const { user, puts } = renderAdminCard();
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: "Run the referral programme" }).checked).toBe(true);
    expect(field("Share of each payment (%)").value).toBe("10");
    expect(field("Months a referred person earns").value).toBe("12");
    expect(field("Cap per referred person (credits)").value).toBe("2000");
    expect(field("Hold before granting (hours)").value).toBe("168");
    expect(field("Bonus for the referred person (credits)").value).toBe("100");
    expect(field("Days the bonus lasts").value).toBe("30");
    expect(field("Days a link's visit counts").value).toBe("30");
    await user.clear(field("Share of each payment (%)"));
    await user.type(field("Share of each payment (%)"), "15");
    await user.click(screen.getByRole("checkbox", { name: "Run the referral programme" }));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({
      referralEnabled: false,
      referralSharePercent: "15",
      referralHoldHours: "168",
    });
  });

  it("refuses a hold under a day beside its field, sending nothing", async () => {
    await useLocale("en", "admin");
    const { user, puts } = renderAdminCard();
    await user.clear(field("Hold before granting (hours)"));
    await user.type(field("Hold before granting (hours)"), "12");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Enter a whole number from 24 to 8,760.")).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });
});
