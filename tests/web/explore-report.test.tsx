/**
 * Explore's report dialog (issue 72, decision 0165): a reason is asked for before anything is sent,
 * the reason and the details go to the video's reports, thanks follow; the server's 429 says the
 * wait in the person's words. And the feed's card: the real poster, no video until hovered.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ExploreVideo } from "../../src/shared/schemas/explore";
import { ExploreCard } from "@/features/explore/explore-card";
import { ReportDialog } from "@/features/explore/report-dialog";
import { queryKeys } from "@/lib/query-keys";
import { stubFetch } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

const OFF = { siteKey: null, scriptUrl: null };

/** Signed out (the dialog asks the site whether its CAPTCHA is on: off here). */
function signedOut() {
  const client = newQueryClient();
  client.setQueryData(queryKeys.currentUser, null);
  return client;
}

beforeEach(() => useLocale("en", "app"));

describe("the report dialog", () => {
  it("asks for a reason, sends it with the details, then thanks", async () => {
    const { sent } = stubFetch({
      "GET /api/auth/captcha": { body: OFF },
      "POST /api/explore/abc123/reports": { body: { message: "Thanks" } },
    });
    const { user } = renderWeb(<ReportDialog id="abc123" onClose={() => {}} />, { client: signedOut() });
    const dialog = await screen.findByRole("dialog", { name: "Report this video" });
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Choose a reason.");
    expect(sent.filter((r) => r.method === "POST")).toHaveLength(0);

    await user.click(within(dialog).getByRole("radio", { name: "Copyright or someone's likeness" }));
    await user.type(within(dialog).getByLabelText("Details (optional)"), "  My own film  ");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("dialog", { name: "Thanks for telling us" })).toBeTruthy();
    expect(sent.find((r) => r.method === "POST")?.body).toEqual({ reason: "copyright", details: "My own film" });
  });

  it("says how long to wait when the server limits reports (429)", async () => {
    stubFetch({
      "GET /api/auth/captcha": { body: OFF },
      "POST /api/explore/abc123/reports": {
        status: 429,
        body: { message: "Too many reports", code: "rate_limited", params: { minutes: 7 } },
      },
    });
    await useLocale("vi", "app");
    const { user } = renderWeb(<ReportDialog id="abc123" onClose={() => {}} />, { client: signedOut() });
    const dialog = await screen.findByRole("dialog", { name: "Báo cáo video này" });
    await user.click(within(dialog).getByRole("radio", { name: "Spam hoặc gây hiểu lầm" }));
    await user.click(within(dialog).getByRole("button", { name: "Gửi báo cáo" }));
    await waitFor(() => expect(within(dialog).getByRole("alert").textContent).toMatch(/7/));
    expect(screen.queryByRole("dialog", { name: "Cảm ơn bạn đã báo cho chúng tôi" })).toBeNull();
  });
});

const VIDEO: ExploreVideo = {
  id: "abc123",
  videoUrl: "/media/videos/abc.mp4",
  posterUrl: "/media/posters/abc.jpg",
  prompt: null,
  model: "veo3_fast",
  mode: "text",
  aspectRatio: "9:16",
  durationSeconds: 8,
  resolution: "720p",
  audio: true,
  remixCount: 1,
  featured: false,
  publishedAt: "2026-11-29T10:00:00.000Z",
};

describe("a card of the feed", () => {
  it("shows the poster, loads no video until hovered, and links to its page and Remix", () => {
    const reported: string[] = [];
    const { container } = renderWeb(
      <ul>
        <ExploreCard video={VIDEO} onReport={(id) => reported.push(id)} />
      </ul>,
    );
    expect(container.querySelector("img")?.getAttribute("src")).toBe("/media/posters/abc.jpg");
    expect(container.querySelector("video")).toBeNull();
    // A hidden prompt: the card is named by its model, and says the prompt is kept private.
    expect(screen.getByRole("link", { name: "A video made with Veo3 Fast" }).getAttribute("href")).toBe("/v/abc123");
    expect(screen.getByText("Its creator keeps the prompt private.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Remix: A video made with Veo3 Fast" }).getAttribute("href")).toBe(
      "/generate?remix=abc123",
    );
    expect(screen.getByText("1 remix")).toBeTruthy();

    fireEvent.mouseEnter(screen.getByTestId("explore-preview"));
    const video = container.querySelector("video")!;
    expect(video.getAttribute("src")).toBe("/media/videos/abc.mp4");
    expect(video.getAttribute("preload")).toBe("none");
    fireEvent.mouseLeave(screen.getByTestId("explore-preview"));
    expect(container.querySelector("video")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Report: A video made with Veo3 Fast" }));
    expect(reported).toEqual(["abc123"]);
  });
});
