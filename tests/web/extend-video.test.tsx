/**
 * Extending from the details dialog (issue 71, decision 0159): a live "Extend video" on every
 * finished video the server says can be extended, whose dialog says in one line how (Veo itself,
 * or from the last frame with a model, both parts joined) and the server's price; the model to
 * choose only where the video's own model cannot continue it; one line and no button where it
 * cannot be extended at all; a last-frame extension plays its joined video once ready.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ExtendOptions } from "../../src/shared/schemas/videos";
import type { VideoTaskView } from "../../src/shared/videos";
import { VideoDetailsDialog } from "@/features/videos/video-details-dialog";
import { stubFetch, type Answer, type Sent } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";
import { finishedTaskView } from "./task-view-fixture";

const task = (over: Partial<VideoTaskView> = {}): VideoTaskView =>
  finishedTaskView({
    id: "row-x",
    taskId: "task-extend-1",
    prompt: "A fox in the snow",
    resultUrls: ["/media/videos/11111111-1111-4111-8111-111111111111.mp4"],
    ...over,
  });

const options = (over: Partial<ExtendOptions> = {}): ExtendOptions => ({
  method: "last_frame",
  model: "veo3_fast",
  models: ["veo3_fast", "veo3", "veo3_lite", "kling3"],
  credits: 4,
  reason: null,
  reasonCode: null,
  ...over,
});

const USER = {
  username: "ann",
  email: null,
  credits: 40,
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
};

function renderDialog(shown: VideoTaskView, answers: Record<string, Answer | ((r: Sent) => Answer | Promise<Answer>)>) {
  const down = { status: 503, body: { message: "Down for the test." } };
  const stub = stubFetch({
    "GET /api/pricing/current": down,
    "GET /api/models": down,
    "GET /api/auth/current-user": { body: USER },
    "GET /api/video-tasks": { body: { tasks: [] } },
    ...answers,
  });
  const rendered = renderWeb(<VideoDetailsDialog task={shown} onClose={vi.fn()} onRecreate={vi.fn()} />);
  return { ...rendered, ...stub };
}

const extendUrl = (taskId: string) => `GET /api/videos/${taskId}/extend`;

describe("Extend video in the details dialog", () => {
  beforeEach(() => useLocale("en", "app"));

  it("is live on a video whose 1080p was made: one line says it continues from the last frame, with the server's price, and it starts", async () => {
    const shown = task({ hdVideoUrl: "/media/videos/22222222-2222-4222-8222-222222222222.mp4", hdStatus: "ready" });
    const { user, sent } = renderDialog(shown, {
      [extendUrl(shown.taskId)]: { body: options() },
      [`POST /api/videos/${shown.taskId}/extend`]: {
        body: { taskId: "task-extension-2", creditsUsed: 4, remainingCredits: 36 },
      },
    });
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    const extend = await within(dialog).findByRole("button", { name: "Extend video" });
    expect(extend).toHaveProperty("disabled", false);
    expect(dialog.textContent).not.toContain("Extend is off");
    expect(within(dialog).queryByTestId("extend-unavailable")).toBeNull();

    await user.click(extend);
    const form = await screen.findByRole("dialog", { name: "Extend video" });
    expect(within(form).getByTestId("extend-method").textContent).toBe(
      "Continues from its last frame with Veo3 Fast; both parts are joined into one video.",
    );
    expect(within(form).getByTestId("extend-cost").textContent).toContain("4 credits");
    // Its own model can continue it: no model to choose.
    expect(within(form).queryByRole("combobox", { name: "Model" })).toBeNull();
    // From a frame, nothing for Veo to continue later: no Keep extendable.
    expect(within(form).queryByRole("checkbox", { name: "Keep extendable" })).toBeNull();

    await user.type(within(form).getByRole("textbox", { name: "Prompt" }), "The fox runs into the forest");
    await user.click(within(form).getByRole("button", { name: "Extend" }));
    await waitFor(() => expect(sent.some((r) => r.method === "POST")).toBe(true));
    const post = sent.find((r) => r.method === "POST")!;
    expect(post.url).toBe(`/api/videos/${shown.taskId}/extend`);
    expect(post.body).toEqual({ prompt: "The fox runs into the forest", keepExtendable: false });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Extend video" })).toBeNull());
  });

  it("stays open while the video changes under it (its copy kept, its 1080p made)", async () => {
    const shown = task({ resultUrls: ["https://cdn.test/provider-720p.mp4"] });
    let answer: () => Promise<Answer> = () => Promise.resolve({ body: options() });
    const { user, rerender } = renderDialog(shown, { [extendUrl(shown.taskId)]: () => answer() });
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    await user.click(await within(dialog).findByRole("button", { name: "Extend video" }));
    const form = await screen.findByRole("dialog", { name: "Extend video" });
    await user.type(within(form).getByRole("textbox", { name: "Prompt" }), "Half typed");
    // The next answer takes a while: the dialog keeps what it had meanwhile.
    let release = () => {};
    answer = () => new Promise((resolve) => (release = () => resolve({ body: options({ credits: 5 }) })));
    rerender(
      <VideoDetailsDialog
        task={{ ...shown, resultUrls: [task().resultUrls[0]!] }}
        onClose={vi.fn()}
        onRecreate={vi.fn()}
      />,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole("dialog", { name: "Extend video" })).toBe(form);
    expect(within(form).getByRole<HTMLTextAreaElement>("textbox", { name: "Prompt" }).value).toBe("Half typed");
    release();
    await waitFor(() => expect(within(form).getByTestId("extend-cost").textContent).toContain("5 credits"));
  });

  it("says Veo continues a video itself where it can", async () => {
    const shown = task({ hdStatus: "held" });
    const { user } = renderDialog(shown, {
      [extendUrl(shown.taskId)]: { body: options({ method: "native", models: [], credits: 1 }) },
    });
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    await user.click(await within(dialog).findByRole("button", { name: "Extend video" }));
    const form = await screen.findByRole("dialog", { name: "Extend video" });
    expect(within(form).getByTestId("extend-method").textContent).toBe("Veo continues this video itself.");
    expect(within(form).getByTestId("extend-cost").textContent).toContain("1 credit");
    // Veo's own extension may be kept for the next one.
    expect(within(form).getByRole("checkbox", { name: "Keep extendable" })).toBeTruthy();
  });

  it("offers the model only where the video's own model cannot continue it, priced for the model chosen", async () => {
    const shown = task({ model: "kling26", durationSeconds: 5, audio: true });
    const { user, sent } = renderDialog(shown, {
      [`${extendUrl(shown.taskId)}?model=seedance2`]: {
        body: options({ model: "seedance2", models: ["kling3", "seedance2"], credits: 9 }),
      },
      [extendUrl(shown.taskId)]: { body: options({ model: "kling3", models: ["kling3", "seedance2"], credits: 7 }) },
      [`POST /api/videos/${shown.taskId}/extend`]: {
        body: { taskId: "task-extension-3", creditsUsed: 9, remainingCredits: 31 },
      },
    });
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    await user.click(await within(dialog).findByRole("button", { name: "Extend video" }));
    const form = await screen.findByRole("dialog", { name: "Extend video" });
    expect(within(form).getByTestId("extend-method").textContent).toBe(
      "Continues from its last frame with Kling 3.0; both parts are joined into one video.",
    );
    expect(within(form).getByTestId("extend-cost").textContent).toContain("7 credits");
    // Kling takes no seed and cannot be kept for Veo's own extension.
    expect(within(form).queryByRole("textbox", { name: /Seed/ })).toBeNull();
    expect(within(form).queryByRole("checkbox", { name: "Keep extendable" })).toBeNull();

    await user.click(within(form).getByRole("combobox", { name: "Model" }));
    await user.click(await screen.findByRole("option", { name: /Seedance 2/ }));
    await waitFor(() => expect(within(form).getByTestId("extend-cost").textContent).toContain("9 credits"));
    expect(within(form).getByTestId("extend-method").textContent).toContain("with Seedance 2;");
    await user.type(within(form).getByRole("textbox", { name: "Prompt" }), "Snow falls");
    await user.click(within(form).getByRole("button", { name: "Extend" }));
    await waitFor(() => expect(sent.some((r) => r.method === "POST")).toBe(true));
    expect(sent.find((r) => r.method === "POST")!.body).toEqual({
      prompt: "Snow falls",
      keepExtendable: false,
      model: "seedance2",
    });
  });

  it("where a video truly cannot be extended, says why in one line and shows no button", async () => {
    const shown = task();
    renderDialog(shown, {
      [extendUrl(shown.taskId)]: {
        body: options({
          method: null,
          model: null,
          models: [],
          credits: 0,
          reason:
            "This video cannot be extended: its file is no longer kept (it expired at the provider or was removed).",
          reasonCode: "extend_file_gone",
        }),
      },
    });
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    const line = await within(dialog).findByTestId("extend-unavailable");
    expect(line.textContent).toBe("This video can no longer be extended: its file is no longer kept.");
    expect(within(dialog).queryByRole("button", { name: /Extend/ })).toBeNull();
  });

  it("plays a last-frame extension's joined video once ready, says how it was made, and notes a join that failed in one line", async () => {
    const joined = "/media/videos/33333333-3333-4333-8333-333333333333.mp4";
    const extension = task({
      taskId: "task-extension-4",
      extendedFrom: "task-extend-1",
      extendMethod: "last_frame",
      joinStatus: "ready",
      joinedVideoUrl: joined,
    });
    const { unmount } = renderDialog(extension, { [extendUrl(extension.taskId)]: { body: options() } });
    const dialog = await screen.findByRole("dialog", { name: "Video Details" });
    expect(dialog.querySelector("video")?.getAttribute("src")).toBe(joined);
    expect(within(dialog).getByTestId("extend-method-made").textContent).toBe(
      "Continued from its last frame, then joined to it",
    );
    expect(within(dialog).queryByTestId("join-note")).toBeNull();
    // The whole video can be downloaded as one file.
    expect(within(dialog).getByRole("link", { name: "Download the whole video" }).getAttribute("href")).toBe(
      `${joined}?download=1`,
    );
    unmount();

    const failedJoin = { ...extension, joinStatus: "failed" as const, joinedVideoUrl: null };
    renderDialog(failedJoin, { [extendUrl(extension.taskId)]: { body: options() } });
    const again = await screen.findByRole("dialog", { name: "Video Details" });
    expect(again.querySelector("video")?.getAttribute("src")).toBe(extension.resultUrls[0]);
    expect(within(again).queryByRole("link", { name: "Download the whole video" })).toBeNull();
    expect(within(again).getByTestId("join-note").textContent).toBe(
      "The two parts could not be joined: the player shows the new part alone.",
    );
  });
});
