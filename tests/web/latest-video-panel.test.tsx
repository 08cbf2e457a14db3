import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VideoTaskView } from "../../src/shared/videos";
import { LatestVideoPanel } from "@/features/videos/latest-video-panel";
import { provisionalTask } from "@/features/videos/use-generate-video";
import { renderWeb, useLocale } from "./render";

/** The clock is read at a fixed time (only Date is faked: the page's own timers run). */
const NOW = Date.parse("2026-11-25T10:00:00Z");

const generating = (overrides: Partial<VideoTaskView> = {}): VideoTaskView => ({
  ...provisionalTask(
    { taskId: "task-1", creditsUsed: 1, remainingCredits: 9 },
    { prompt: "A fox in the snow", model: "veo3_fast", mode: "text", aspectRatio: "16:9", imageUrls: [] },
  ),
  ...overrides,
});

function renderPanel(task: VideoTaskView) {
  return renderWeb(<LatestVideoPanel task={task} loading={false} onRecreate={vi.fn()} onOpenDetails={vi.fn()} />);
}

/** A browser whose notification permission has not been asked for yet. */
function stubNotifications(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    Fake.permission = answer;
    return answer;
  });
  class Fake {
    static permission: NotificationPermission = "default";
    static requestPermission = requestPermission;
  }
  vi.stubGlobal("Notification", Fake);
  return requestPermission;
}

describe("LatestVideoPanel's progress (issue 38)", () => {
  beforeEach(() => useLocale("en", "app"));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows the stage and the time since the video was started, not a progress bar", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    const startedAt = new Date(NOW - 75_000).toISOString();
    renderPanel(generating({ createdAt: startedAt }));
    expect(screen.getByRole("timer", { name: "Elapsed time" }).textContent).toBe("1:15");
    expect(screen.getByRole("list", { name: "Progress" }).querySelector("[aria-current=step]")?.textContent).toBe(
      "Generating",
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("says a queued video is waiting for its turn", () => {
    renderPanel(generating({ status: "pending" }));
    expect(screen.getByRole("list", { name: "Progress" }).querySelector("[aria-current=step]")?.textContent).toBe(
      "Queued",
    );
    expect(screen.getByText("Waiting for its turn")).toBeTruthy();
  });

  it("shows making 1080p under a finished video, with its own clock", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    renderPanel(
      generating({
        status: "completed",
        resultUrls: ["https://files.example/a.mp4"],
        hdStatus: "pending",
        completedAt: new Date(NOW - 5_000).toISOString(),
      }),
    );
    expect(screen.getByText("Making the 1080p version; the 720p video is ready to watch.")).toBeTruthy();
    expect(screen.getByRole("timer", { name: "Elapsed time" }).textContent).toBe("0:05");
  });

  it("asks for the notification permission only when the button is clicked", async () => {
    const requestPermission = stubNotifications("granted");
    const { user } = renderPanel(generating());
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Notify me when videos are ready" }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("button", { name: /Notify me/ })).toBeNull());
  });

  it("offers no button once the person has answered, or without notifications", () => {
    stubNotifications("denied");
    (globalThis.Notification as unknown as { permission: string }).permission = "denied";
    const { unmount } = renderPanel(generating());
    expect(screen.queryByRole("button", { name: /Notify me/ })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    renderPanel(generating());
    expect(screen.queryByRole("button", { name: /Notify me/ })).toBeNull();
  });
});
