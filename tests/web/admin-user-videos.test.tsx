/**
 * The admin's list of a user's videos names who made each (decision 0175): KIE, or Google when
 * KIE was down, by the names the vendors card gives them.
 */
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { AdminUserVideo } from "../../src/shared/schemas/admin-users";
import { UserVideosCard } from "@/features/admin/user-page/user-videos";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const USER = "11111111-1111-4111-8111-111111111111";

const video = (over: Partial<AdminUserVideo>): AdminUserVideo => ({
  id: crypto.randomUUID(),
  taskId: `sim_${crypto.randomUUID()}`,
  prompt: "a lighthouse",
  model: "veo3_fast",
  mode: "text",
  aspectRatio: "16:9",
  status: "completed",
  hdStatus: "none",
  uhdStatus: "none",
  creditsUsed: 3,
  refunded: false,
  createdVia: "web",
  vendor: "kie",
  errorMessage: null,
  videoExpired: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  completedAt: "2026-11-20T10:01:00.000Z",
  deletedAt: null,
  videoUrl: null,
  hdVideoUrl: null,
  uhdVideoUrl: null,
  ...over,
});

function renderList() {
  stubFetch({
    [`GET /api/admin/users/${USER}/videos`]: {
      body: {
        data: [video({ prompt: "made at Google", vendor: "google" }), video({ prompt: "made at KIE" })],
        total: 2,
      },
    },
  });
  return renderWeb(<UserVideosCard userId={USER} />);
}

const rowOf = async (prompt: string) => (await screen.findByText(prompt)).closest("tr")!;

describe("the admin's list of a user's videos", () => {
  beforeEach(() => useLocale("en", "admin"));

  it("names the vendor that made each video", async () => {
    renderList();
    expect(within(await rowOf("made at Google")).getByText("Google Gemini API")).toBeTruthy();
    expect(within(await rowOf("made at KIE")).getByText("KIE.ai")).toBeTruthy();
  });
});
