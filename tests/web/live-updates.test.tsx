import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TaskList } from "../../src/shared/schemas/videos";
import type { VideoTaskView } from "../../src/shared/videos";
import { wireLiveUpdates } from "@/app/live-wiring";
import { useLiveConnected, useLiveUpdates } from "@/features/live";
import { provisionalTask } from "@/features/videos/use-generate-video";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

// As the app does: the stream's task news go to the videos feature.
wireLiveUpdates();

/** The browser's EventSource, driven by the test: `emit` delivers one server-sent event. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: typeof data === "string" ? data : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const task = (taskId: string, patch: Partial<VideoTaskView> = {}): VideoTaskView => ({
  ...provisionalTask(
    { taskId, creditsUsed: 30, remainingCredits: 0 },
    { prompt: taskId, imageUrls: [], model: "veo3_fast", mode: "text", aspectRatio: "16:9", enableFallback: false },
  ),
  ...patch,
});

const RECENT = queryKeys.videos.recent(7);
const recent = () => queryClient.getQueryData<TaskList>(RECENT);
const recentInvalidated = () => queryClient.getQueryState(RECENT)?.isInvalidated;

/** Opens the stream and waits for the hook to listen (its schemas arrive by dynamic import). */
async function openStream(): Promise<FakeEventSource> {
  renderHook(() => useLiveUpdates(true));
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  return FakeEventSource.opened[0]!;
}

describe("live updates", () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
    queryClient.setQueryData<TaskList>(RECENT, { tasks: [task("a"), task("b")] });
  });
  afterEach(() => queryClient.clear());

  it("puts a task's new state into the lists in place, without asking the server again", async () => {
    const stream = await openStream();
    const done = task("a", { status: "completed", resultUrls: ["https://cdn.example.test/a.mp4"] });
    act(() => stream.emit("task", { task: done }));
    await waitFor(() => expect(recent()?.tasks[0]?.status).toBe("completed"));
    expect(recent()?.tasks.map((t) => t.taskId)).toEqual(["a", "b"]);
    expect(recent()?.tasks[1]?.status).toBe("generating");
    expect(recentInvalidated()).toBe(false);
  });

  it("asks again for lists that do not hold the task (it belongs at their top)", async () => {
    const stream = await openStream();
    act(() => stream.emit("task", { task: task("new") }));
    await waitFor(() => expect(recentInvalidated()).toBe(true));
    expect(recent()?.tasks.map((t) => t.taskId)).toEqual(["a", "b"]);
  });

  it("answers the tracked task's status query from the event", async () => {
    queryClient.setQueryData(queryKeys.videos.status("a"), { data: { taskId: "a", status: "generating" } });
    const stream = await openStream();
    act(() => stream.emit("task", { task: task("a", { status: "failed", errorMessage: "refused" }) }));
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.videos.status("a"))).toMatchObject({
        data: { taskId: "a", status: "failed", successFlag: 2, errorMessage: "refused" },
      }),
    );
  });

  it("keeps the balance and the connection state, and refetches on an event it cannot read", async () => {
    queryClient.setQueryData(queryKeys.currentUser, { username: "ann", credits: 100 });
    const connected = renderHook(() => useLiveConnected());
    const stream = await openStream();
    expect(connected.result.current).toBe(false);

    act(() => stream.emit("ready", { credits: 90 }));
    await waitFor(() => expect(connected.result.current).toBe(true));
    expect(queryClient.getQueryData(queryKeys.currentUser)).toMatchObject({ credits: 90 });
    queryClient.setQueryData<TaskList>(RECENT, { tasks: [task("a")] });

    act(() => stream.emit("credits", { credits: 40 }));
    expect(queryClient.getQueryData(queryKeys.currentUser)).toMatchObject({ credits: 40 });
    // The balance's split comes with it (decision 0151), and a balance sent without one drops the old one.
    const expiring = [{ credits: 25, expiresAt: "2026-12-01T12:00:00.000Z" }];
    act(() => stream.emit("credits", { credits: 35, expiring }));
    expect(queryClient.getQueryData(queryKeys.currentUser)).toMatchObject({ credits: 35, expiring });
    act(() => stream.emit("credits", { credits: 30 }));
    expect(queryClient.getQueryData(queryKeys.currentUser)).not.toHaveProperty("expiring");

    act(() => stream.emit("task", "{not json"));
    await waitFor(() => expect(recentInvalidated()).toBe(true));
    expect(recent()?.tasks.map((t) => t.taskId)).toEqual(["a"]);
  });
});
