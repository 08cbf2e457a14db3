/**
 * Iterating on the generator (issue 71 §2, decision 0162): variants chosen, priced and sent; the
 * feed of videos being made; a batch's variants side by side; and a playing video that keeps
 * playing when its address changes from the vendor's link to the kept copy.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resolvePrices } from "../../src/shared/prices";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import type { VideoTaskView } from "../../src/shared/videos";
import { GenerateForm } from "@/features/videos/generate-form";
import { GENERATE_DEFAULTS, generateFormSchema, type GenerateFormValues } from "@/features/videos/generate-form-schema";
import { JobsInProgress, jobsInProgress } from "@/features/videos/jobs-in-progress";
import { LatestVideoPanel } from "@/features/videos/latest-video-panel";
import { provisionalTask } from "@/features/videos/use-generate-video";
import { TaskPreview } from "@/features/videos/video-frame";
import { apiErrorText } from "@/lib/error-text";
import { stubFetch, type Sent } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

const PRICES = resolvePrices({ veo3_fast: { web: 30 } });
const person = (credits: number): CurrentUser => ({
  username: "ann",
  email: null,
  credits,
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
});

function Harness({ credits, onStarted }: { credits: number; onStarted: () => void }) {
  const form = useForm<GenerateFormValues>({
    resolver: zodResolver(generateFormSchema),
    defaultValues: { ...GENERATE_DEFAULTS, prompt: "A kite over the dunes" },
  });
  return <GenerateForm form={form} user={person(credits)} prices={PRICES} onStarted={onStarted} />;
}

/** What the form sent to start videos (other reads, such as the prompt help's, left aside). */
const generated = (sent: Sent[]) => sent.filter((r) => r.method === "POST" && r.url === "/api/generate-video");

const task = (overrides: Partial<VideoTaskView> = {}): VideoTaskView => ({
  ...provisionalTask(
    { taskId: "task-1", creditsUsed: 1, remainingCredits: 9 },
    { prompt: "A kite over the dunes", model: "veo3_fast", mode: "text", aspectRatio: "16:9", imageUrls: [] },
  ),
  ...overrides,
});

beforeEach(async () => {
  await useLocale("en", "app");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("variants in the form", () => {
  it("prices every variant, sends the count, and keeps the choice after Generate", async () => {
    const { sent } = stubFetch({
      "POST /api/generate-video": {
        body: { taskId: "a", taskIds: ["a", "b", "c"], batchId: "batch-1", creditsUsed: 90, remainingCredits: 910 },
      },
    });
    const onStarted = vi.fn();
    const { user } = renderWeb(<Harness credits={1000} onStarted={onStarted} />, { client: newQueryClient() });
    expect(screen.getByTestId("generation-cost").textContent).toBe("30 credits");
    expect(screen.queryByTestId("generation-cost-variants")).toBeNull();

    const choice = screen.getByRole("radiogroup", { name: "Variants" });
    await user.click(within(choice).getByRole("radio", { name: "3 videos" }));
    expect(screen.getByTestId("generation-cost").textContent).toBe("90 credits");
    expect(screen.getByTestId("generation-cost-variants").textContent).toBe(
      "3 videos × 30 credits, each with its own seed",
    );
    await user.click(screen.getByRole("button", { name: /Generate Video/ }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));
    expect(generated(sent)[0]?.body).toMatchObject({ prompt: "A kite over the dunes", variants: 3 });
    expect(onStarted.mock.calls[0]?.[0]).toMatchObject({ taskId: "a", batchId: "batch-1" });
    // The choice and the prompt stay.
    expect(within(choice).getByRole("radio", { name: "3 videos" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("A kite over the dunes");
  });

  it("sends no count for one video, as before", async () => {
    const { sent } = stubFetch({
      "POST /api/generate-video": { body: { taskId: "a", creditsUsed: 30, remainingCredits: 970 } },
    });
    const onStarted = vi.fn();
    const { user } = renderWeb(<Harness credits={1000} onStarted={onStarted} />, { client: newQueryClient() });
    await user.click(screen.getByRole("button", { name: /Generate Video/ }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));
    expect(generated(sent)[0]?.body).not.toHaveProperty("variants");
  });

  it("holds Generate back when the credits cover fewer videos than chosen, and says so", async () => {
    const { user } = renderWeb(<Harness credits={70} onStarted={vi.fn()} />, { client: newQueryClient() });
    expect(screen.getByRole("button", { name: /Generate Video/ })).toHaveProperty("disabled", false);
    await user.click(screen.getByRole("radio", { name: "3 videos" }));
    expect(screen.getByRole("note").textContent).toContain(
      "Not enough credits: 3 videos with Veo3 Fast need 90 credits and you have 70 credits.",
    );
    expect(screen.getByRole("button", { name: /Generate Video/ })).toHaveProperty("disabled", true);
  });
});

describe("the feed of videos being made", () => {
  it("lists each video in progress with its stage and clock, the tracked one first, none finished", async () => {
    const tracked = task({ taskId: "new", prompt: "Just started", status: "pending" });
    const listed = [
      task({ taskId: "b", prompt: "Second take", status: "generating" }),
      task({ taskId: "done", prompt: "Finished", status: "completed", resultUrls: ["https://files.example/a.mp4"] }),
      task({ taskId: "failed", prompt: "Failed", status: "failed" }),
    ];
    const jobs = jobsInProgress(tracked, listed);
    expect(jobs.map((j) => j.taskId)).toEqual(["new", "b"]);
    // The tracked one already listed is not shown twice.
    expect(jobsInProgress(listed[0]!, listed).map((j) => j.taskId)).toEqual(["b"]);

    const onOpen = vi.fn();
    const { user } = renderWeb(<JobsInProgress jobs={jobs} onOpen={onOpen} />);
    const region = screen.getByRole("region", { name: "Being made (2)" });
    const items = within(region).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items.map((li) => within(li).getByTestId("job-stage").textContent)).toEqual(["Queued", "Generating"]);
    for (const li of items)
      expect(within(li).getByRole("timer", { name: "Elapsed time" }).textContent).toMatch(/^\d+:\d{2}$/);
    await user.click(within(items[1]!).getByRole("button", { name: "Second take" }));
    expect(onOpen).toHaveBeenCalledWith(jobs[1]);
  });

  it("is not there when nothing is being made", () => {
    renderWeb(<JobsInProgress jobs={jobsInProgress(null, [task({ status: "completed" })])} onOpen={vi.fn()} />);
    expect(screen.queryByRole("region")).toBeNull();
  });
});

describe("a batch in Latest Video", () => {
  it("shows the variants side by side, numbered with their seeds, each in its own state", () => {
    const batch = [
      task({
        taskId: "a",
        batchId: "b1",
        seeds: 20001,
        status: "completed",
        resultUrls: ["https://files.example/a.mp4"],
      }),
      task({ taskId: "b", batchId: "b1", seeds: 20002 }),
    ];
    renderWeb(
      <LatestVideoPanel task={batch[0]!} batch={batch} loading={false} onRecreate={vi.fn()} onOpenDetails={vi.fn()} />,
    );
    const list = screen.getByRole("list", { name: "2 variants" });
    const items = [...list.children] as HTMLElement[];
    expect(items.map((li) => within(li).getByTestId("variant-caption").textContent)).toEqual([
      "Variant 1 · seed 20001",
      "Variant 2 · seed 20002",
    ]);
    expect(items[0]!.querySelector("video")?.getAttribute("src")).toBe("https://files.example/a.mp4");
    expect(within(items[1]!).getByRole("timer", { name: "Elapsed time" })).toBeTruthy();
  });

  it("shows one video alone", () => {
    renderWeb(<LatestVideoPanel task={task()} loading={false} onRecreate={vi.fn()} onOpenDetails={vi.fn()} />);
    expect(screen.queryByRole("list", { name: /variants/ })).toBeNull();
  });
});

describe("a playing video whose address changes", () => {
  const VENDOR = "https://tempfile.example/vendor.mp4";
  const KEPT = "/media/videos/kept.mp4";
  const done = (url: string) => task({ status: "completed", resultUrls: [url] });

  /** jsdom plays nothing: the element is told it is playing, at `time` seconds. */
  function play(video: HTMLVideoElement, time: number) {
    Object.defineProperty(video, "paused", { configurable: true, get: () => false });
    Object.defineProperty(video, "currentTime", { configurable: true, writable: true, value: time });
  }

  it("keeps the same element and its address until playback stops, then carries on from the same moment", () => {
    const { rerender } = renderWeb(<TaskPreview task={done(VENDOR)} />);
    const video = document.querySelector("video")!;
    play(video, 3.5);

    rerender(<TaskPreview task={done(KEPT)} />);
    // Not swapped, not restarted: the same element plays the same address on.
    expect(document.querySelector("video")).toBe(video);
    expect(video.getAttribute("src")).toBe(VENDOR);

    // Paused: the kept copy takes over at the moment reached.
    Object.defineProperty(video, "paused", { configurable: true, get: () => true });
    act(() => {
      fireEvent.pause(video);
    });
    expect(document.querySelector("video")).toBe(video);
    expect(video.getAttribute("src")).toBe(KEPT);
    video.currentTime = 0;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(3.5);
  });

  it("takes the new address at once when nothing plays, and starts another task's video afresh", () => {
    const { rerender } = renderWeb(<TaskPreview task={done(VENDOR)} />);
    const video = document.querySelector("video")!;
    rerender(<TaskPreview task={done(KEPT)} />);
    expect(video.getAttribute("src")).toBe(KEPT);
    rerender(<TaskPreview task={{ ...done(VENDOR), id: "another" }} />);
    expect(document.querySelector("video")).not.toBe(video);
  });
});

describe("the fair-use refusal of variants, in Vietnamese", () => {
  beforeEach(() => useLocale("vi"));

  it("says how many are being made, the limit, and to ask for fewer variants", () => {
    const refusal = (inFlight: number) =>
      apiErrorText({ code: "too_many_in_flight", params: { inFlight, limit: 3, asked: 3 }, serverMessage: "(en)" });
    expect(refusal(1)).toBe(
      "Bạn đang có 1 video đang được tạo. Một tài khoản chỉ được tạo tối đa 3 video cùng lúc: thêm 3 video nữa là quá nhiều. Hãy chọn ít biến thể hơn hoặc đợi một video hoàn tất. Bạn chưa bị trừ credit nào.",
    );
    expect(refusal(0)).toBe(
      "Bạn yêu cầu 3 video, nhưng một tài khoản chỉ được tạo tối đa 3 video cùng lúc. Hãy chọn ít biến thể hơn. Bạn chưa bị trừ credit nào.",
    );
  });
});
