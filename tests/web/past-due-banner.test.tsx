/**
 * The site-wide banner of a plan whose last payment failed (issue 69): shown only while the plan
 * is past due, saying until when its credits stay usable, with the way to update the card; and
 * never asked for while nobody is signed in.
 */
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import type { SubscriptionView } from "../../src/shared/schemas/plans";
import { LazyPastDueBanner } from "@/app/shell/lazy-past-due-banner";
import { PastDueBanner } from "@/app/shell/past-due-banner";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { stubFetch } from "./fetch-stub";
import { mine, subscription } from "./plan-fixtures";
import { newQueryClient, renderWeb, useLocale } from "./render";

const MINE = "GET /api/subscription";

const ANN: CurrentUser = {
  username: "ann",
  email: "ann@example.com",
  credits: 230,
  expiring: [],
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
};

function renderBanner(sub: SubscriptionView | null) {
  const stub = stubFetch({ [MINE]: { body: mine(sub) } });
  return { ...stub, ...renderWeb(<PastDueBanner />) };
}

describe("the past-due banner", () => {
  beforeEach(() => useLocale("en"));

  it("tells a person whose plan is past due until when its credits stay, and offers the card page", async () => {
    renderBanner(subscription({ status: "past_due", pastDueSince: "2026-11-28T12:00:00.000Z", nextRenewal: null }));
    const banner = await screen.findByRole("region", { name: "Plan payment failed" });
    expect(banner.textContent).toContain(
      "Your last plan payment did not go through. Your plan credits stay usable until 12/1/2026; update your card to keep your plan.",
    );
    expect(screen.getByRole("button", { name: "Update your card" })).toBeTruthy();
  });

  it("stays away while the plan is paid", async () => {
    const { sent, container } = renderBanner(subscription());
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe("");
  });

  it("stays away without a plan", async () => {
    const { sent, container } = renderBanner(null);
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe("");
  });

  it("comes with the shell for a signed-in person", async () => {
    stubFetch({ [MINE]: { body: mine(subscription({ status: "past_due", nextRenewal: null })) } });
    const client = newQueryClient();
    client.setQueryData(firstLoadKeys.currentUser, ANN);
    renderWeb(<LazyPastDueBanner />, { client });
    expect(await screen.findByRole("region", { name: "Plan payment failed" }, { timeout: 5_000 })).toBeTruthy();
  });

  it("asks nothing while nobody is signed in", async () => {
    const { sent } = stubFetch({ "GET /api/auth/current-user": { status: 401, body: { message: "Not signed in" } } });
    const client = newQueryClient();
    client.setQueryData(firstLoadKeys.currentUser, null);
    const { container } = renderWeb(<LazyPastDueBanner />, { client });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.map((r) => r.url)).not.toContain("/api/subscription");
    expect(container.textContent).toBe("");
  });
});
