/**
 * My Creations (decision 0080): the filter bar reads and writes the page's address and asks the
 * list for exactly that; selecting cards and deleting them sends one bulk delete and says what
 * happened; a failed video is a compact card with its reason.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { VideoTaskView } from "../../src/shared/videos";
import { MyCreationsPage } from "@/pages/my-creations-page";
import { queryKeys } from "@/lib/query-keys";
import { stubFetch, type Sent } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

// Radix Select asks the DOM for pointer capture and scrolling, which jsdom lacks.
beforeAll(() => {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    releasePointerCapture: () => undefined,
    scrollIntoView: () => undefined,
  });
});

const task = (n: number, over: Partial<VideoTaskView> = {}): VideoTaskView => ({
  id: `row${n}`,
  taskId: `task${n}`,
  status: "completed",
  prompt: `Prompt number ${n}`,
  model: "veo3_fast",
  mode: "text",
  aspectRatio: "16:9",
  imageUrls: [],
  resultUrls: [`https://cdn.test/${n}.mp4`],
  hdVideoUrl: null,
  hdStatus: "none",
  extendedFrom: null,
  uhdStatus: "none",
  uhdVideoUrl: null,
  uhdCredits: 0,
  uhdError: null,
  errorMessage: null,
  watermark: null,
  seeds: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  completedAt: null,
  creditsUsed: 1,
  createdVia: "web",
  refunded: false,
  videoExpired: false,
  isPublic: false,
  shareId: null,
  sharePromptHidden: false,
  durationSeconds: null,
  resolution: null,
  audio: null,
  ...over,
});

const TASKS = [
  task(1),
  task(2, { status: "failed", errorMessage: "Internal Error, Please try again later.", resultUrls: [] }),
  task(3, { status: "generating", resultUrls: [] }),
];

/** The list's query strings as sent, without page and limit. */
const listQueries = (sent: Sent[]) =>
  sent
    .filter((s) => s.method === "GET" && s.url.startsWith("/api/video-tasks"))
    .map((s) => {
      const params = new URL(s.url, "http://localhost").searchParams;
      params.delete("page");
      params.delete("limit");
      return params.toString();
    });

function renderGallery(path = "/my-creations") {
  const client = newQueryClient();
  client.setQueryData(queryKeys.currentUser, {
    username: "maker",
    email: null,
    credits: 5,
    isAdmin: false,
    hasPassword: true,
    emailVerified: true,
    language: null,
  });
  return renderWeb(<MyCreationsPage />, { client, path });
}

/** Picks an option of one of the bar's selects. */
async function choose(user: ReturnType<typeof renderGallery>["user"], label: string, option: string) {
  await user.click(screen.getByRole("combobox", { name: label }));
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("My Creations' filter bar", () => {
  beforeEach(() => useLocale("en", "app"));

  it("starts from the address and asks the list for those filters", async () => {
    const { sent } = stubFetch({ "GET /api/video-tasks": { body: { tasks: [TASKS[1]], total: 1 } } });
    renderGallery("/my-creations?q=fox&status=failed&model=veo3&sort=oldest&bogus=1");
    expect(await screen.findByText("1 video matches")).toBeTruthy();
    expect(listQueries(sent)).toEqual(["q=fox&status=failed&model=veo3&sort=oldest"]);
    expect(screen.getByRole<HTMLInputElement>("searchbox", { name: "Search" }).value).toBe("fox");
    expect(screen.getByRole("combobox", { name: "Status" }).textContent).toBe("Failed");
    expect(screen.getByRole("combobox", { name: "Model" }).textContent).toBe("Veo3 (Quality)");
    expect(screen.getByRole("combobox", { name: "Sort" }).textContent).toBe("Oldest first");
  });

  it("writes search, status, model and sort into the address, starting again at page 1", async () => {
    const { sent } = stubFetch({ "GET /api/video-tasks": { body: { tasks: TASKS, total: 45 } } });
    const { user, location } = renderGallery("/my-creations?page=2");
    expect(await screen.findByText("45 videos")).toBeTruthy();

    await user.type(screen.getByRole("searchbox", { name: "Search" }), "100%_é");
    await waitFor(() => expect(location.history.at(-1)).toBe("/my-creations?q=100%25_%C3%A9"));
    await choose(user, "Status", "In progress");
    await waitFor(() => expect(location.history.at(-1)).toBe("/my-creations?q=100%25_%C3%A9&status=in_progress"));
    await choose(user, "Model", "Veo3 Lite");
    await choose(user, "Sort", "Oldest first");
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        "/my-creations?q=100%25_%C3%A9&status=in_progress&model=veo3_lite&sort=oldest",
      ),
    );
    await waitFor(() =>
      expect(listQueries(sent).at(-1)).toBe("q=100%25_%C3%A9&status=in_progress&model=veo3_lite&sort=oldest"),
    );
    // Typing made one history entry, not one per letter.
    expect(location.history.filter((h) => h.includes("q=1")).length).toBeLessThanOrEqual(4);

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/my-creations?sort=oldest"));
    expect(screen.getByRole<HTMLInputElement>("searchbox", { name: "Search" }).value).toBe("");
  });

  it("says when nothing matches, and Clear filters brings the list back", async () => {
    stubFetch({
      "GET /api/video-tasks": ({ url }) => ({
        body: url.includes("q=") ? { tasks: [], total: 0 } : { tasks: TASKS, total: 3 },
      }),
    });
    const { user } = renderGallery("/my-creations?q=nothing");
    expect(await screen.findByText("No videos match your search and filters.")).toBeTruthy();
    await user.click(within(screen.getByRole("status")).getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByText("3 videos")).toBeTruthy();
  });

  it("speaks Vietnamese", async () => {
    await useLocale("vi", "app");
    stubFetch({ "GET /api/video-tasks": { body: { tasks: TASKS, total: 3 } } });
    renderGallery();
    expect(await screen.findByText("3 video")).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "Tìm kiếm" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Sắp xếp" }).textContent).toBe("Mới nhất trước");
    expect(screen.getByRole("button", { name: "Chọn" })).toBeTruthy();
  });
});

describe("My Creations' cards and selection", () => {
  beforeEach(() => useLocale("en", "app"));

  it("shows a failed video as a compact card with its reason", async () => {
    stubFetch({ "GET /api/video-tasks": { body: { tasks: TASKS, total: 3 } } });
    renderGallery();
    const failed = await screen.findByRole("button", { name: "View details: Prompt number 2" });
    expect(failed.dataset.compact).toBe("true");
    expect(failed.textContent).toContain("Failed");
    // In our words with what to do next, never the vendor's (decision 0163).
    expect(failed.textContent).toContain(
      "The video service had a problem on its side. Please try again in a few minutes.",
    );
    expect(failed.textContent).not.toContain("Internal Error");
    expect(failed.querySelector("video, .aspect-video")).toBeNull();
    const finished = screen.getByRole("button", { name: "View details: Prompt number 1" });
    expect(finished.dataset.compact).toBeUndefined();
    expect(finished.querySelector(".aspect-video")).not.toBeNull();
  });

  it("shows a refused prompt as a declined prompt, not Failed, in our words (decisions 0082, 0163)", async () => {
    const refused = task(4, {
      status: "failed",
      failureKind: "refused",
      errorMessage: "Your prompt was flagged by Website as violating content policies.",
      resultUrls: [],
    });
    stubFetch({ "GET /api/video-tasks": { body: { tasks: [refused, TASKS[1]], total: 2 } } });
    renderGallery();
    const card = await screen.findByRole("button", { name: "View details: Prompt number 4" });
    expect(card.dataset.compact).toBe("true");
    expect(card.dataset.refused).toBe("true");
    expect(card.textContent).toContain("Prompt declined");
    expect(card.textContent).not.toContain("Failed");
    expect(card.textContent).toContain(
      "Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words.",
    );
    expect(card.textContent).not.toContain("Website");
    const failed = screen.getByRole("button", { name: "View details: Prompt number 2" });
    expect(failed.textContent).toContain("Failed");
    expect(failed.dataset.refused).toBeUndefined();
  });

  it("selects cards and deletes them in one call, then says what happened to each", async () => {
    const { sent } = stubFetch({
      "GET /api/video-tasks": { body: { tasks: TASKS, total: 3 } },
      "POST /api/videos/bulk-delete": {
        body: {
          deleted: 2,
          results: [
            { taskId: "task1", outcome: "deleted" },
            { taskId: "task2", outcome: "deleted" },
            { taskId: "task3", outcome: "still_generating" },
          ],
        },
      },
    });
    const { user } = renderGallery();
    await user.click(await screen.findByRole("button", { name: "Select" }));
    expect(screen.getByText("No videos selected")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete selected" })).toHaveProperty("disabled", true);

    // Selecting, a card is a checkbox and opens no dialog.
    const first = screen.getByRole("checkbox", { name: "Select: Prompt number 1" });
    await user.click(first);
    expect(first.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByText("1 video selected")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(first);
    expect(first.getAttribute("aria-checked")).toBe("false");

    await user.click(screen.getByRole("button", { name: "Select all on this page" }));
    expect(screen.getByText("3 videos selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete selected" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete 3 videos?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete 3 videos" }));

    await waitFor(() => expect(sent.some((s) => s.url === "/api/videos/bulk-delete")).toBe(true));
    const request = sent.find((s) => s.url === "/api/videos/bulk-delete")!;
    expect(request.method).toBe("POST");
    expect((request.body as { taskIds: string[] }).taskIds.sort()).toEqual(["task1", "task2", "task3"]);
    // Done: out of selection mode, and the lists asked again.
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "Selected videos" })).toBeNull());
    await waitFor(() => expect(listQueries(sent).length).toBeGreaterThan(1));
  });

  it("cancelling selection leaves every card a button again", async () => {
    stubFetch({ "GET /api/video-tasks": { body: { tasks: TASKS, total: 3 } } });
    const { user } = renderGallery();
    await user.click(await screen.findByRole("button", { name: "Select" }));
    expect(screen.getAllByRole("checkbox")).toHaveLength(3);
    fireEvent.click(within(screen.getByRole("toolbar")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryAllByRole("checkbox")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "View details: Prompt number 1" })).toBeTruthy();
  });
});
