/**
 * Who may watch a finished video (issue 72, decision 0165): Private, Unlisted or Public in Explore
 * in its details, each sent as the sharing route takes it; a video waiting for approval or taken
 * off by an admin says so.
 */
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { VideoTaskView } from "../../src/shared/videos";
import { ShareSection } from "@/features/videos/share-section";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";
import { finishedTaskView } from "./task-view-fixture";

const task = (over: Partial<VideoTaskView> = {}): VideoTaskView =>
  finishedTaskView({ taskId: "task-share-1", ...over });

const view = (over: object) => ({
  isPublic: true,
  shareUrl: "http://x.test/v/s1",
  sharePromptHidden: false,
  explore: null,
  ...over,
});

beforeEach(() => useLocale("en", "app"));

describe("sharing in the details", () => {
  it("publishes to Explore, then makes it unlisted, then private, each as the route takes it", async () => {
    const answers = [view({ explore: "listed" }), view({ explore: null }), view({ isPublic: false, shareUrl: null })];
    const { sent } = stubFetch({
      "PUT /api/videos/task-share-1/sharing": () => ({ body: answers.shift() }),
      "GET /api/video-tasks": { body: { tasks: [] } },
    });
    const { user } = renderWeb(<ShareSection task={task()} />);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Private" }).checked).toBe(true);

    await user.click(screen.getByRole("radio", { name: "Public in Explore" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Share link" })).toBeTruthy());
    await user.click(screen.getByRole("radio", { name: "Unlisted" }));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>("radio", { name: "Unlisted" }).checked).toBe(true));
    await user.click(screen.getByRole("radio", { name: "Private" }));
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Share link" })).toBeNull());
    expect(sent.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([
      { isPublic: true, explore: true },
      { isPublic: true, explore: false },
      { isPublic: false },
    ]);
  });

  it("says when a video waits for approval, and when an admin took it off", () => {
    const shared = { isPublic: true, shareId: "s1" } as const;
    const { unmount } = renderWeb(<ShareSection task={task({ ...shared, explore: "pending" })} />);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Public in Explore" }).checked).toBe(true);
    expect(screen.getByText("Waiting for approval: it appears in Explore once an admin approves it.")).toBeTruthy();
    unmount();
    renderWeb(<ShareSection task={task({ ...shared, explore: "hidden" })} />);
    expect(screen.getByText("An admin took it off Explore. Its link still works while it is shared.")).toBeTruthy();
  });
});
