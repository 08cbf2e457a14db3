/**
 * The referral programme on the admin's pages (issue 70, decision 0157): the overview's Referrals
 * section (sign-ups and look-alikes refused, buyers, revenue, credits granted and held, for the
 * overview's range; nothing before anyone joined by a link) and a user's Referrals card (who
 * referred them and why it was refused, whom they referred, their rewards).
 */
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview";
import type { AdminReferrals, AdminUserReferrals } from "../../src/shared/schemas/referrals";
import { ReferralsSection } from "@/features/admin/overview/referrals-section";
import { UserReferralsCard } from "@/features/admin/user-page/user-referrals";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const FIGURES: AdminReferrals = {
  enabled: true,
  days: 30,
  signUps: 12,
  refused: 2,
  verified: 9,
  buyers: 4,
  revenueUsd: "79.96",
  creditsGranted: 60,
  creditsHeld: 20,
  bonusCredits: 900,
  totalSignUps: 40,
};
const overview = { range: "30d" } as AdminOverview;
const USER = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

beforeEach(() => useLocale("en", "admin"));

describe("the overview's Referrals section", () => {
  it("shows the range's referral sign-ups, buyers, revenue and credits", async () => {
    const { sent } = stubFetch({ "GET /api/admin/referrals": { body: FIGURES } });
    renderWeb(<ReferralsSection data={overview} />, { path: "/admin?range=30d" });
    const totals = await screen.findByLabelText("Referral totals");
    expect(sent[0]!.url).toBe("/api/admin/referrals?days=30");
    expect(totals.textContent).toContain("Referral sign-ups12");
    expect(totals.textContent).toContain("Refused as look-alikes: 2");
    expect(totals.textContent).toContain("Referred people who paid4");
    expect(totals.textContent).toContain("$79.96");
    expect(totals.textContent).toContain("Reward credits granted60");
    expect(totals.textContent).toContain("Held now: 20");
  });

  it("is not drawn before anyone joined through a link", async () => {
    const { sent } = stubFetch({ "GET /api/admin/referrals": { body: { ...FIGURES, totalSignUps: 0, signUps: 0 } } });
    const { container } = renderWeb(<ReferralsSection data={overview} />);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(container.textContent).toBe("");
  });
});

const PAGE: AdminUserReferrals = {
  code: "ABCD2345",
  referredBy: {
    userId: "11111111-1111-4111-8111-111111111111",
    username: "ann",
    status: "refused",
    refusedReason: "same_network",
    bonusCredits: 0,
    joinedAt: "2026-11-01T10:00:00.000Z",
  },
  referredCount: 1,
  referred: [
    {
      userId: "22222222-2222-4222-8222-222222222222",
      username: "bob",
      status: "verified",
      refusedReason: null,
      joinedAt: "2026-11-02T10:00:00.000Z",
    },
  ],
  rewards: [
    {
      id: "33333333-3333-4333-8333-333333333333",
      refereeUsername: "bob",
      orderId: "44444444-4444-4444-8444-444444444444",
      paidUsd: "20.00",
      credits: 20,
      reversedCredits: 5,
      status: "granted",
      releaseAt: "2026-11-10T10:00:00.000Z",
      createdAt: "2026-11-03T10:00:00.000Z",
    },
  ],
};

describe("a user's Referrals card", () => {
  it("says who referred them and why it earns nothing, whom they referred, and their rewards", async () => {
    stubFetch({ [`GET /api/admin/users/${USER}/referrals`]: { body: PAGE } });
    renderWeb(<UserReferralsCard userId={USER} />);
    const card = await screen.findByRole("region", { name: "Referrals" });
    expect(card.textContent).toContain("Referred by ann: Refused: the referrer's own network.");
    expect(screen.getByRole("link", { name: "ann" }).getAttribute("href")).toBe(
      "/admin/users/11111111-1111-4111-8111-111111111111",
    );
    expect(card.textContent).toContain("People referred: 1");
    expect(screen.getByRole("link", { name: "bob" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Referral rewards, newest first" });
    expect(table.textContent).toContain("$20.00");
    expect(table.textContent).toContain("15");
    expect(table.textContent).toContain("Granted");
  });

  it("is not drawn for someone with no referrals", async () => {
    const { sent } = stubFetch({
      [`GET /api/admin/users/${USER}/referrals`]: {
        body: { code: null, referredBy: null, referredCount: 0, referred: [], rewards: [] },
      },
    });
    const { container } = renderWeb(<UserReferralsCard userId={USER} />);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(container.textContent).toBe("");
  });
});
