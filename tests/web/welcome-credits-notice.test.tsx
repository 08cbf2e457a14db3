/**
 * The line that tells a new person what they have (issue 70): "You have 8 free credits until
 * 12/13/2026: enough for a Veo3 Fast video." while some of the balance expires and none of it is a
 * plan's; nothing without expiring credits, for a plan's credits, or while signed out. Shown at
 * the top of /pricing and near the generator's button.
 */
import type { ReactElement } from "react";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ModelId } from "../../src/shared/catalogue";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import type { PricingView } from "../../src/shared/schemas/videos";
import { WelcomeCreditsNotice } from "@/features/plans/welcome-credits-notice";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { GeneratePage } from "@/pages/generate-page";
import { PricingPage } from "@/pages/pricing-page";
import { stubFetch } from "./fetch-stub";
import { mine, subscription } from "./plan-fixtures";
import { newQueryClient, renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

// Noon UTC: the same calendar day in every time zone the tests may run in.
const DEC_13 = "2026-12-13T12:00:00.000Z";
const JAN_15 = "2027-01-15T12:00:00.000Z";

const ann = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  username: "ann",
  email: "ann@example.com",
  credits: 8,
  expiring: [{ credits: 8, expiresAt: DEC_13 }],
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
  ...over,
});

const price = (web_credits: number) => ({ web_credits, api_credits: web_credits + 2 });

/** GET /api/pricing/current with a Veo3 Fast video at `fast` credits; `models` are the ones offered. */
function pricing(fast: number, models: ModelId[] = ["veo3", "veo3_fast"]): PricingView {
  const prices: Partial<Record<ModelId, ReturnType<typeof price>>> = { veo3: price(20), veo3_fast: price(fast) };
  return {
    veo3_fast: price(fast),
    veo3_quality: price(20),
    models: models.map((model) => ({ model, label: model, description: "", modes: ["text"], ...prices[model]! })),
    modes: [],
    surcharges: [],
    simulated: false,
    credit_value: null,
  };
}

function renderNotice(
  user: CurrentUser | null,
  { plan = mine(null), prices = pricing(8) }: { plan?: ReturnType<typeof mine>; prices?: PricingView } = {},
) {
  const stub = stubFetch({
    "GET /api/subscription": { body: plan },
    "GET /api/pricing/current": { body: prices },
    "GET /api/auth/current-user": user ? { body: user } : { status: 401, body: { message: "Not signed in" } },
  });
  const client = newQueryClient();
  client.setQueryData(firstLoadKeys.currentUser, user);
  return { ...stub, ...renderWeb(<WelcomeCreditsNotice />, { client }) };
}

const notice = () => screen.queryByRole("note");

/** Waits for the plan and the prices to be read, then a moment for anything they would draw. */
async function settled(sent: { url: string }[]) {
  await waitFor(() => expect(sent.map((r) => r.url)).toContain("/api/pricing/current"));
  await new Promise((resolve) => setTimeout(resolve, 30));
}

describe("the welcome credits notice", () => {
  it("tells a person with free credits how many, until when, and what they make", async () => {
    await useLocale("en", "app");
    renderNotice(ann());
    expect((await screen.findByRole("note")).textContent).toBe(
      "You have 8 free credits until 12/13/2026: enough for a Veo3 Fast video.",
    );
  });

  it("counts the videos, and says only the credits when they make no Fast video", async () => {
    await useLocale("en", "app");
    const { unmount } = renderNotice(ann({ credits: 120, expiring: [{ credits: 20, expiresAt: DEC_13 }] }), {
      prices: pricing(5),
    });
    expect((await screen.findByRole("note")).textContent).toBe(
      "You have 20 free credits until 12/13/2026: enough for 4 Veo3 Fast videos.",
    );
    unmount();

    renderNotice(ann({ credits: 1, expiring: [{ credits: 1, expiresAt: JAN_15 }] }));
    expect((await screen.findByRole("note")).textContent).toBe("You have 1 free credit until 1/15/2027.");
  });

  it("names no Fast video while the model is not offered", async () => {
    await useLocale("en", "app");
    renderNotice(ann(), { prices: pricing(8, ["veo3"]) });
    await waitFor(() => expect(notice()?.textContent).toBe("You have 8 free credits until 12/13/2026."));
  });

  it("says nothing when none of the balance expires", async () => {
    await useLocale("en", "app");
    const { sent, container } = renderNotice(ann({ credits: 500, expiring: [] }));
    await settled(sent);
    expect(container.textContent).toBe("");
  });

  it("says nothing about a plan's credits, which are paid for", async () => {
    await useLocale("en", "app");
    const plan = mine(subscription({ planCredits: { remaining: 8, expiresAt: DEC_13 } }));
    const { sent, container } = renderNotice(ann(), { plan });
    await waitFor(() => expect(sent.map((r) => r.url)).toContain("/api/subscription"));
    await settled(sent);
    expect(container.textContent).toBe("");
  });

  it("adds that videos paid with welcome credits are 720p with a watermark, while the admin marks them", async () => {
    await useLocale("en", "app");
    const marked = { ...pricing(8), welcome_videos_marked: true };
    const welcome = ann({ expiring: [{ credits: 8, welcome: 8, expiresAt: DEC_13 }] });
    const { unmount } = renderNotice(welcome, { prices: marked });
    await waitFor(() =>
      expect(notice()?.textContent).toBe(
        "You have 8 free credits until 12/13/2026: enough for a Veo3 Fast video. Videos paid with welcome credits are 720p with a watermark; bought credits make them without one.",
      ),
    );
    unmount();

    // Not marked: nothing more. Expiring credits that are not welcome credits: nothing more either.
    for (const [user, prices] of [
      [welcome, pricing(8)],
      [ann(), marked],
    ] as const) {
      const { sent, unmount: done } = renderNotice(user, { prices });
      await settled(sent);
      expect(notice()?.textContent).toBe("You have 8 free credits until 12/13/2026: enough for a Veo3 Fast video.");
      done();
    }
  });

  it("says nothing, and asks for no plan, while signed out", async () => {
    await useLocale("en", "app");
    const { sent, container } = renderNotice(null);
    await settled(sent);
    expect(sent.map((r) => r.url)).not.toContain("/api/subscription");
    expect(container.textContent).toBe("");
  });
});

describe("where the welcome credits notice shows", () => {
  /** The pages' other reads, not under test here. */
  const OTHERS = Object.fromEntries(
    [
      "GET /api/user/stats",
      "GET /api/models",
      "GET /api/video-tasks",
      "GET /api/plans",
      "GET /api/transactions",
      "GET /api/credit-packages",
    ].map((route) => [route, { status: 503, body: { message: "Not under test" } }]),
  );

  function renderPage(page: ReactElement) {
    stubFetch({
      ...OTHERS,
      "GET /api/subscription": { body: mine(null) },
      "GET /api/pricing/current": { body: pricing(8) },
    });
    const client = newQueryClient();
    client.setQueryData(firstLoadKeys.currentUser, ann());
    return renderWeb(page, { client });
  }
  const follows = (first: Node, second: Node) =>
    Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
  const TEXT = "You have 8 free credits until 12/13/2026: enough for a Veo3 Fast video.";

  it("is on the generator, just above the Generate button", async () => {
    await useLocale("en", "app");
    renderPage(<GeneratePage />);
    const line = await screen.findByText(TEXT);
    const button = screen.getByRole("button", { name: "Generate Video" });
    expect(follows(screen.getByTestId("generation-cost"), line)).toBe(true);
    expect(follows(line, button)).toBe(true);
  });

  it("is at the top of /pricing, under its title", async () => {
    await useLocale("en", "app");
    renderPage(<PricingPage />);
    const line = await screen.findByText(TEXT);
    expect(follows(screen.getByRole("heading", { level: 1 }), line)).toBe(true);
    expect(follows(line, screen.getByRole("heading", { name: "Credit Packages" }))).toBe(true);
  });
});
