/**
 * The split beside a balance (issue 69, decision 0151): "120 credits, 80 of them expire on
 * 12/1/2026", each count with its own plural, the app's dates, nothing when none expires or when
 * the split no longer fits the balance; and where it shows: the header's badge, its menu, the
 * /pricing stat cards and the /my-account profile.
 */
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import type { UserStats } from "../../src/shared/schemas/account";
import { CreditsBadge } from "@/app/shell/credits-badge";
import { UserMenu } from "@/app/shell/user-menu";
import { ProfileCard } from "@/features/account/profile-card";
import { StatCards } from "@/features/payments/stat-cards";
import { creditSplitText, withBalance } from "@/lib/credit-split";
import { renderWeb, useLocale } from "./render";

// Noon UTC: the same calendar day in every time zone the tests may run in.
const DEC_1 = "2026-12-01T12:00:00.000Z";
const JAN_15 = "2027-01-15T12:00:00.000Z";
const FEB_2 = "2027-02-02T12:00:00.000Z";

const user = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  username: "ann",
  email: "ann@example.com",
  credits: 120,
  expiring: [{ credits: 80, expiresAt: DEC_1 }],
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
  ...over,
});

describe("the balance's split, in English", () => {
  beforeEach(() => useLocale("en"));

  it("says how many of the credits expire, and when", () => {
    expect(creditSplitText(120, [{ credits: 80, expiresAt: DEC_1 }])).toBe(
      "120 credits, 80 of them expire on 12/1/2026",
    );
  });

  it("words each count with its own plural", () => {
    expect(creditSplitText(81, [{ credits: 1, expiresAt: DEC_1 }])).toBe("81 credits, 1 of them expires on 12/1/2026");
    expect(creditSplitText(1, [{ credits: 1, expiresAt: DEC_1 }])).toBe("1 credit, which expires on 12/1/2026");
    expect(creditSplitText(80, [{ credits: 80, expiresAt: DEC_1 }])).toBe(
      "80 credits, all of which expire on 12/1/2026",
    );
  });

  it("adds the later days, soonest first", () => {
    const expiring = [
      { credits: 80, expiresAt: DEC_1 },
      { credits: 20, expiresAt: JAN_15 },
      { credits: 1, expiresAt: FEB_2 },
    ];
    expect(creditSplitText(1200, expiring)).toBe(
      "1,200 credits, 80 of them expire on 12/1/2026; 20 more expire on 1/15/2027; 1 more expires on 2/2/2027",
    );
    // Everything expires, on two days: the first sentence still counts the whole balance.
    expect(creditSplitText(100, expiring.slice(0, 2))).toBe(
      "100 credits, 80 of them expire on 12/1/2026; 20 more expire on 1/15/2027",
    );
  });

  it("says nothing when none of the balance expires, or when the split no longer fits it", () => {
    expect(creditSplitText(120, [])).toBeNull();
    expect(creditSplitText(120, undefined)).toBeNull();
    // The balance fell (a spend shown at once) below what the split it had said: it is read again.
    expect(creditSplitText(50, [{ credits: 80, expiresAt: DEC_1 }])).toBeNull();
  });

  it("drops the old split when a new balance comes without one", () => {
    expect(withBalance(user(), 90)).not.toHaveProperty("expiring");
    const expiring = [{ credits: 50, expiresAt: DEC_1 }];
    expect(withBalance(user(), 90, expiring)).toMatchObject({ credits: 90, expiring });
  });
});

describe("where the split shows", () => {
  beforeEach(() => useLocale("en"));

  it("is the header badge's tooltip and accessible name, beside the number", () => {
    renderWeb(<CreditsBadge credits={120} expiring={[{ credits: 80, expiresAt: DEC_1 }]} />);
    const badge = screen.getByRole("link", { name: "120 credits, 80 of them expire on 12/1/2026" });
    expect(badge.getAttribute("title")).toBe("120 credits, 80 of them expire on 12/1/2026\nBuy credits");
    expect(badge.textContent).toBe("120");
  });

  it("leaves the badge as it was when nothing expires", () => {
    renderWeb(<CreditsBadge credits={1} expiring={[]} />);
    const badge = screen.getByRole("link", { name: "1 credit" });
    expect(badge.getAttribute("title")).toBe("Buy credits");
  });

  it("is in the account menu", async () => {
    const { user: person } = renderWeb(<UserMenu user={user()} />);
    await person.click(screen.getByRole("button", { name: "Account menu" }));
    expect(await screen.findByText("120 credits, 80 of them expire on 12/1/2026")).toBeTruthy();
  });

  it("is under the /pricing stat cards and on the /my-account profile", () => {
    const stats: UserStats = {
      credits: 120,
      expiring: [{ credits: 80, expiresAt: DEC_1 }],
      videosCreated: 3,
      totalSpent: 40,
      creditsOwed: 0,
      paymentHold: null,
    };
    const cards = renderWeb(<StatCards stats={stats} loading={false} error={false} />);
    expect(screen.getByText("120 credits, 80 of them expire on 12/1/2026")).toBeTruthy();
    cards.unmount();
    renderWeb(<ProfileCard user={user()} />);
    expect(screen.getByText("120 credits, 80 of them expire on 12/1/2026")).toBeTruthy();
  });
});

describe("the balance's split, in Vietnamese", () => {
  beforeEach(() => useLocale("vi"));

  it("uses the Vietnamese numbers and dates", () => {
    const text = creditSplitText(1200, [{ credits: 80, expiresAt: DEC_1 }]);
    expect(text).toContain("1.200");
    expect(text).toContain("80");
    expect(text).toContain("01/12/2026");
  });
});
