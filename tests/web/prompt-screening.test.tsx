/**
 * Prompt screening on the web (issue 41, decision 0089): the settings card (Creem's warning while
 * its payments need screening, the rules one a line), the moderation log's Mark reviewed, a person
 * flagged on their page, and a refusal worded in Vietnamese.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUserDetail } from "../../src/shared/schemas/admin-users";
import type { ModerationEventView, ModerationSettingsView } from "../../src/shared/schemas/moderation";
import { ModerationList } from "@/features/admin/moderation/moderation-list";
import { NO_MODERATION_FILTERS } from "@/features/admin/moderation/moderation-api";
import { ModerationSettingsCard } from "@/features/admin/moderation/moderation-settings-card";
import { SettingsSectionForm } from "@/features/admin/settings/section/settings-section-form";
import { UserModerationNotice } from "@/features/admin/user-page/user-moderation";
import { ApiError, errorMessage } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const settings: ModerationSettingsView = {
  moderationCreemEnabled: true,
  moderationFlagAction: "refuse",
  moderationUnreachableAction: "refuse",
  moderationRefusalsFlag: 5,
  moderationRules: [
    { text: "forbidden fruit", kind: "deny" },
    { text: "*nsfw*", kind: "flag" },
  ],
  creemPayments: true,
  creemScreener: "creem",
  updatedAt: "2026-11-25T10:00:00.000Z",
};

describe("the settings card", () => {
  it("warns when Creem's screening is turned off while Creem payments are on, and saves the rules line by line", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({
      "GET /api/admin/settings/moderation": { body: settings },
      "PUT /api/admin/settings/moderation": (request) => ({
        body: { message: "Prompt screening updated", settings: { ...settings, ...(request.body as object) } },
      }),
    });
    const { user } = renderWeb(
      <SettingsSectionForm label="Moderation">
        <ModerationSettingsCard />
      </SettingsSectionForm>,
    );
    const creem = await screen.findByLabelText("Screen prompts with Creem's moderation");
    expect(screen.queryByText(/Creem requires every prompt/)).toBeNull();
    await user.click(creem);
    expect(screen.getByRole("alert").textContent).toMatch(/Creem requires every prompt to be screened/);

    const denied = screen.getByLabelText("Refused words and phrases");
    expect((denied as HTMLTextAreaElement).value).toBe("forbidden fruit");
    await user.clear(denied);
    await user.type(denied, "  kill*  {Enter}{Enter}giết người{Enter}");
    await user.selectOptions(screen.getByLabelText("When a prompt is flagged"), "review");
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(sent.some((r) => r.method === "PUT")).toBe(true));
    expect(sent.find((r) => r.method === "PUT")!.body).toEqual({
      moderationCreemEnabled: false,
      moderationFlagAction: "review",
      moderationUnreachableAction: "refuse",
      moderationRefusalsFlag: 5,
      moderationRules: [
        { text: "kill*", kind: "deny" },
        { text: "giết người", kind: "deny" },
        { text: "*nsfw*", kind: "flag" },
      ],
    });
  });

  it("says under its own list which rule cannot be one, in the owner's words, and sends nothing", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({ "GET /api/admin/settings/moderation": { body: settings } });
    const { user } = renderWeb(
      <SettingsSectionForm label="Moderation">
        <ModerationSettingsCard />
      </SettingsSectionForm>,
    );
    const flagged = await screen.findByLabelText("Flagged words and phrases");
    await user.type(flagged, "{Enter}gun*powder");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(document.activeElement).toBe(flagged));
    const problem = document.getElementById(flagged.getAttribute("aria-describedby")!.split(" ")[0]!);
    expect(problem?.textContent).toBe(
      "“gun*powder” cannot be a rule: a rule is one line of at most 100 characters, with at least 2 letters or digits, and * only at its start or end.",
    );
    expect(screen.getByLabelText("Refused words and phrases").getAttribute("aria-invalid")).toBeNull();
    expect(sent.filter((r) => r.method === "PUT")).toEqual([]);
  });

  it("says when the simulator stands in for Creem", async () => {
    await useLocale("en", "admin");
    stubFetch({
      "GET /api/admin/settings/moderation": { body: { ...settings, creemPayments: false, creemScreener: "simulator" } },
    });
    renderWeb(<ModerationSettingsCard />);
    expect(await screen.findByText(/simulator stands in for Creem's moderation/)).toBeTruthy();
  });
});

const entry = (over: Partial<ModerationEventView>): ModerationEventView => ({
  id: "6f1c1a56-0000-4000-8000-000000000001",
  createdAt: "2026-11-25T10:00:00.000Z",
  userId: "6f1c1a56-0000-4000-8000-0000000000aa",
  username: "ann",
  source: "api",
  field: "prompt",
  text: "a boxing match",
  screener: "creem",
  decision: "flag",
  outcome: "review",
  detail: "mod_123",
  reviewedAt: null,
  reviewedBy: null,
  ...over,
});

describe("the moderation log", () => {
  it("lists each entry with its person and marks one reviewed", async () => {
    await useLocale("en", "admin");
    let reviewed = false;
    const { sent } = stubFetch({
      "GET /api/admin/moderation": () => ({
        body: {
          data: [
            reviewed ? entry({ reviewedAt: "2026-11-25T11:00:00.000Z", reviewedBy: "admin" }) : entry({}),
            entry({
              id: "6f1c1a56-0000-4000-8000-000000000002",
              decision: "deny",
              outcome: "refused",
              text: "x".repeat(400),
            }),
          ],
          nextCursor: null,
        },
      }),
      "POST /api/admin/moderation/6f1c1a56-0000-4000-8000-000000000001/review": () => {
        reviewed = true;
        return { body: { message: "Marked reviewed", event: entry({ reviewedAt: "2026-11-25T11:00:00.000Z" }) } };
      },
    });
    // The app's own client: marking reviewed refreshes the log through it.
    queryClient.clear();
    const { user } = renderWeb(<ModerationList filters={NO_MODERATION_FILTERS} />, { client: queryClient });
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("link", { name: "ann" })[0]!.getAttribute("href")).toBe(
      "/admin/users/6f1c1a56-0000-4000-8000-0000000000aa",
    );
    expect(within(table).getByText("Flagged")).toBeTruthy();
    expect(within(table).getByText("Denied")).toBeTruthy();
    await user.click(within(table).getAllByRole("button", { name: "Mark reviewed" })[0]!);
    await waitFor(() => expect(sent.some((r) => r.method === "POST")).toBe(true));
    expect(await within(table).findByText(/Reviewed by admin/)).toBeTruthy();
  });
});

describe("a person refused often", () => {
  const person = (moderation: AdminUserDetail["moderation"]) =>
    ({ id: "6f1c1a56-0000-4000-8000-0000000000aa", moderation }) as AdminUserDetail;

  it("is flagged at the admin's line, with the way to their prompts", async () => {
    await useLocale("en", "admin");
    renderWeb(<UserModerationNotice user={person({ refusals24h: 6, threshold: 5, flagged: true })} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("6 requests of theirs were refused");
    expect(alert.textContent).toContain("your line of 5");
    expect(screen.getByRole("link", { name: "Their screened prompts" }).getAttribute("href")).toBe(
      "/admin/moderation?userId=6f1c1a56-0000-4000-8000-0000000000aa",
    );
  });

  it("says nothing when nothing was refused", async () => {
    await useLocale("en", "admin");
    const { container } = renderWeb(
      <UserModerationNotice user={person({ refusals24h: 0, threshold: 5, flagged: false })} />,
    );
    expect(container.textContent).toBe("");
  });
});

describe("a refusal", () => {
  it("is worded in Vietnamese, naming the watermark when that was refused", async () => {
    await useLocale("vi");
    const refused = (field: string) =>
      new ApiError(
        422,
        "",
        JSON.stringify({ code: "unprocessable", reason: "prompt_refused", params: { field }, message: "English" }),
      );
    expect(errorMessage(refused("prompt"))).toMatch(/^Prompt này bị từ chối.*chưa bị trừ credit/);
    expect(errorMessage(refused("watermark"))).toMatch(/^Nội dung watermark bị từ chối/);
    const unavailable = new ApiError(
      503,
      "",
      JSON.stringify({ code: "service_unavailable", reason: "screening_unavailable", message: "English" }),
    );
    expect(errorMessage(unavailable)).toMatch(/thử lại sau một phút/);
  });
});
