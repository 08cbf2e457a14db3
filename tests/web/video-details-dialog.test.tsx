/**
 * The Video Details dialog (issue 38, decision 0082): the player first with its actions right
 * under it, the metadata folded under a closed "Details"; a failure's reason and its refund said
 * once; a prompt the provider refused shown as refused, never as failed or "Generating: Done".
 */
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { VideoTaskView } from "../../src/shared/videos";
import { VideoDetailsDialog } from "@/features/videos/video-details-dialog";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";
import { finishedTaskView } from "./task-view-fixture";

const FLAGGED = "Your prompt was flagged by Website as violating content policies.";

const task = (over: Partial<VideoTaskView> = {}): VideoTaskView =>
  finishedTaskView({ taskId: "task-details-1", ...over });

const failed = (over: Partial<VideoTaskView> = {}) =>
  task({ status: "failed", resultUrls: [], completedAt: "2026-11-20T10:00:05.000Z", refunded: true, ...over });

function renderDialog(shown: VideoTaskView) {
  // The 4K and extension prices are read from the models' prices (the catalogue's defaults while they do not answer).
  const down = { status: 503, body: { message: "Down for the test." } };
  // How it would be extended (decision 0159): the server's answer for a finished video.
  const extend = {
    body: {
      method: "last_frame",
      model: shown.model,
      models: [shown.model],
      credits: 3,
      reason: null,
      reasonCode: null,
    },
  };
  stubFetch({
    "GET /api/pricing/current": down,
    "GET /api/models": down,
    [`GET /api/videos/${shown.taskId}/extend`]: extend,
  });
  return renderWeb(<VideoDetailsDialog task={shown} onClose={vi.fn()} onRecreate={vi.fn()} />);
}

/** `a` comes before `b` in the document. */
const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/** How many times `text` occurs in `element`'s text. */
const occurrences = (element: Element, text: string) => (element.textContent ?? "").split(text).length - 1;

describe("the Video Details dialog", () => {
  beforeEach(() => useLocale("en", "app"));

  it("says why a video paid with welcome credits has no 1080p or 4K version, and offers neither", async () => {
    renderDialog(task({ welcomeMarked: true, watermark: "Veo Studio" }));
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    const actions = within(dialog).getByRole("region", { name: "Video actions" });
    expect(within(actions).getByTestId("welcome-marked").textContent).toBe(
      "Made with welcome credits: this video is 720p with a watermark, and has no 1080p or 4K version. Videos paid with bought credits have neither limit.",
    );
    expect(within(actions).queryByRole("button", { name: /^Upgrade to 4K/ })).toBeNull();
    expect(within(actions).queryByRole("button", { name: "Check HD Status" })).toBeNull();
    expect(within(actions).getByRole("button", { name: "Download 720p" })).toBeTruthy();
  });

  it("puts the player first, then Download, 4K, Extend and Recreate, then the folded details", async () => {
    renderDialog(task());
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    const player = dialog.querySelector("video");
    expect(player).not.toBeNull();
    const actions = within(dialog).getByRole("region", { name: "Video actions" });
    const download = within(actions).getByRole("button", { name: "Download 720p" });
    const upgrade = within(actions).getByRole("button", { name: /^Upgrade to 4K/ });
    const extend = await within(actions).findByRole("button", { name: "Extend video" });
    const recreate = within(actions).getByRole("button", { name: "Recreate Video" });
    expect(within(actions).getByRole("radio", { name: "Unlisted" })).toBeTruthy();
    expect(before(player!, download)).toBe(true);
    for (const [a, b] of [
      [download, upgrade],
      [upgrade, extend],
      [extend, recreate],
    ] as const)
      expect(before(a, b)).toBe(true);

    // The metadata: under a closed "Details", after the actions.
    const summary = within(dialog).getByText("Details", { selector: "summary" });
    const details = summary.closest("details")!;
    expect(details.open).toBe(false);
    expect(before(recreate, summary)).toBe(true);
    for (const term of ["Model", "Mode", "Aspect ratio", "Credits used", "Created via", "Seed", "Task ID"])
      expect(details.contains(within(dialog).getByText(term, { selector: "dt" }))).toBe(true);
    expect(details.contains(within(dialog).getByRole("list", { name: "Status timeline" }))).toBe(true);
    expect(dialog.querySelectorAll("dl").length).toBe(1);
    expect(details.contains(dialog.querySelector("dl"))).toBe(true);
  });

  it("offers a finished draft's Make it final at the final's price, confirms the charge, then sends it once", async () => {
    const draft = task({ model: "veo3_lite", draftOf: { model: "veo3_fast", resolution: "720p" } });
    const down = { status: 503, body: { message: "Down for the test." } };
    const { sent } = stubFetch({
      "GET /api/pricing/current": down,
      "GET /api/models": down,
      [`GET /api/videos/${draft.taskId}/extend`]: { status: 409, body: { message: "No." } },
      [`POST /api/videos/${draft.taskId}/final`]: {
        body: { taskId: "task-final-1", creditsUsed: 5, remainingCredits: 95 },
      },
    });
    const { user } = renderWeb(<VideoDetailsDialog task={draft} onClose={vi.fn()} onRecreate={vi.fn()} />);
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    // The catalogue's default price of a Veo3 Fast video while the prices do not answer.
    await user.click(within(dialog).getByRole("button", { name: "Make it final (5 credits)" }));
    const confirm = await screen.findByRole("dialog", { name: "Make it final" });
    expect(confirm.textContent).toContain(
      "A new video at full quality with Veo3 Fast in 720p: the same prompt, seed and images as this draft. 5 credits will be charged.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Make it final for 5 credits" }));
    await vi.waitFor(() => expect(sent.filter((r) => r.url.endsWith("/final"))).toHaveLength(1));
    expect(sent.find((r) => r.url.endsWith("/final"))?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f]{32}$/);
  });

  it("offers no Make it final on a video that is no draft", async () => {
    renderDialog(task());
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    expect(within(dialog).queryByTestId("make-final")).toBeNull();
  });

  it("says a video's length, resolution and sound; one made before them is 8 seconds, 720p, with sound", async () => {
    renderDialog(task());
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    expect(within(dialog).getByText(/8 seconds · 720p · with sound/)).toBeTruthy();
    const details = within(dialog).getByTestId("video-metadata");
    const value = (term: string) => within(details).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect(value("Length")).toBe("8 seconds");
    expect(value("Resolution")).toBe("720p");
    expect(value("Sound")).toBe("On");
  });

  it("offers no 4K or 1080p actions for a model whose upgrades have none (issue 42), and extends it from its last frame", async () => {
    renderDialog(task({ model: "wan26", durationSeconds: 10, resolution: "1080p", audio: false }));
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    const actions = within(dialog).getByRole("region", { name: "Video actions" });
    expect(within(actions).queryByRole("button", { name: /4K/ })).toBeNull();
    expect(await within(actions).findByRole("button", { name: "Extend video" })).toBeTruthy();
    expect(within(actions).queryByRole("button", { name: /HD|1080p \(/ })).toBeNull();
    expect(dialog.textContent).not.toContain("Extend is off");
    // The file as made, at its own resolution.
    expect(within(actions).getByRole("button", { name: "Download 1080p" })).toBeTruthy();
    expect(within(dialog).getByText(/10 seconds · 1080p · without sound/)).toBeTruthy();
    const details = within(dialog).getByTestId("video-metadata");
    expect(within(details).getByText("Sound", { selector: "dt" }).nextElementSibling?.textContent).toBe("Off");
    expect(within(details).getByText("Video quality", { selector: "dt" }).nextElementSibling?.textContent).toBe(
      "1080p",
    );
  });

  it("keeps Extend live after 1080p, with no greyed button or explanation (decision 0159)", async () => {
    renderDialog(task({ hdVideoUrl: "https://cdn.test/1-1080.mp4", hdStatus: "ready" }));
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    const extend = await within(dialog).findByRole("button", { name: "Extend video" });
    expect(extend).toHaveProperty("disabled", false);
    expect(extend.getAttribute("aria-describedby")).toBeNull();
    expect(dialog.textContent).not.toContain("Keep extendable");
    expect(within(dialog).getByRole("button", { name: "Download 1080p HD" })).toBeTruthy();
  });

  it("says a failure's reason and its refund once, with no 'Generating: Done'", async () => {
    renderDialog(failed({ errorMessage: "Video generation failed (simulated)" }));
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    // In our words, with what to do next and a full stop before the refund (decision 0163).
    const said = "could not make this video. Try again, or change the prompt a little.";
    expect(occurrences(dialog, said)).toBe(1);
    expect(occurrences(dialog, "(simulated)")).toBe(0);
    expect(occurrences(dialog, "refunded")).toBe(1);
    expect(within(dialog).getByRole("alert").textContent).toContain(`${said} Your 3 credits were refunded.`);
    const timeline = within(dialog).getByRole("list", { name: "Status timeline" });
    expect(timeline.textContent).toContain("Failed");
    expect(timeline.textContent).not.toContain("Generating");
    expect(timeline.textContent).not.toContain("Done");
    expect(within(dialog).queryByRole("button", { name: /^Download/ })).toBeNull();
  });

  it("shows a refused prompt as refused: its own badge and words, never 'Failed' or 'Generating: Done'", async () => {
    renderDialog(failed({ errorMessage: FLAGGED, failureKind: "refused" }));
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    const alert = within(dialog).getByRole("alert");
    expect(alert.textContent).toContain("Prompt declined");
    const said = "declined this prompt under its content rules. Try describing the scene in other words.";
    expect(alert.textContent).toContain(`${said} Your 3 credits were refunded.`);
    expect(occurrences(dialog, said)).toBe(1);
    expect(occurrences(dialog, "Website")).toBe(0);
    expect(occurrences(dialog, "refunded")).toBe(1);
    expect(dialog.textContent).not.toMatch(/failed/i);
    expect(dialog.textContent).not.toContain("Generating");
    // The badge by the title and the one in the details, and the timeline's step.
    expect(within(dialog).getAllByText("Declined").length).toBeGreaterThanOrEqual(2);
  });

  it("never names the vendor to a customer, whoever made the video (issue 38, decision 0175)", async () => {
    for (const vendor of ["google", "kie"] as const) {
      const { unmount } = renderDialog(task({ vendor }));
      const dialog = await screen.findByRole("dialog", { name: "Video Details" });
      expect(dialog.textContent).not.toMatch(/\bKIE\b|Google|Made by/);
      unmount();
    }
  });

  it("speaks Vietnamese, a refused prompt included", async () => {
    await useLocale("vi", "app");
    renderDialog(failed({ errorMessage: FLAGGED, failureKind: "refused" }));
    const dialog = await screen.findByRole("dialog", { name: "Chi tiết video" });
    const alert = within(dialog).getByRole("alert").textContent;
    expect(alert).toContain("Prompt bị từ chối");
    expect(alert).toContain(
      "Veo3 Fast đã từ chối prompt này theo quy định nội dung của mình. Hãy thử mô tả cảnh bằng cách diễn đạt khác. Đã hoàn 3 credit cho bạn.",
    );
    expect(alert).not.toContain("Website");
    expect(within(dialog).getAllByText("Bị từ chối").length).toBeGreaterThanOrEqual(2);
    expect(within(dialog).getByText("Chi tiết", { selector: "summary" })).toBeTruthy();
  });
});
