/**
 * Prompt help in the generator (decision 0160): "Improve prompt" sends the idea with the model and
 * options, replaces the prompt, says so and offers Undo back to the person's own words; its price
 * shows when not free; it is gone while the owner has it off; a refusal is said in words. The
 * preset chips add their words, show when applied and take them off; sound chips follow the model.
 */
import { useState } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ModelId } from "../../src/shared/catalogue";
import { PresetChips, PromptHelpBar } from "@/features/prompt-help";
import { Toaster } from "@/components/ui/toaster";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { stubFetch, type Answer } from "./fetch-stub";
import { renderWeb, useLocale, withoutPromptHelpOffer } from "./render";

afterEach(() => vi.unstubAllGlobals());

/** A busy machine runs five suites at once: the first answer may take more than a second. */
const SLOW = { timeout: 5_000 };

/** The generator's prompt field as generate-prompt-field.tsx composes it. */
function Harness({
  model = "veo3_fast",
  audio = true,
  start = "a dog on a beach",
}: {
  model?: ModelId;
  audio?: boolean;
  start?: string;
}) {
  const [prompt, setPrompt] = useState(start);
  const [open, setOpen] = useState(false);
  const help = { prompt, model, mode: "image" as const, audio, aspectRatio: "9:16" as const, onChange: setPrompt };
  return (
    <>
      <PromptHelpBar {...help} presetsOpen={open} onTogglePresets={() => setOpen((o) => !o)} />
      <textarea aria-label="Prompt" value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      {open ? <PresetChips prompt={prompt} model={model} audio={audio} onChange={setPrompt} /> : null}
      <Toaster />
    </>
  );
}

/** The server's sentence (English readers see it as it is). */
const UNAVAILABLE =
  "Prompt help cannot be reached right now, and nothing was charged. Try again in a minute, or write the prompt yourself.";

const promptBox = () => screen.getByLabelText<HTMLTextAreaElement>("Prompt");

function setUp(offer: { enabled: boolean; webCredits: number }, improve: Answer | ((body: unknown) => Answer)) {
  return stubFetch({
    "GET /api/prompt-help": { body: offer },
    "POST /api/prompt-help": typeof improve === "function" ? (r) => improve(r.body) : improve,
  });
}

/** Prompt help's own announcement: a toast left by another test of this worker is a status too. */
const helpStatus = (): HTMLElement => {
  const own = screen.getAllByRole("status").find((el) => !el.hasAttribute("aria-live"));
  if (!own) throw new Error("prompt help's status is not on the page");
  return own;
};

describe("Improve prompt", () => {
  it("replaces the prompt, says so, and Undo brings back the person's own words", async () => {
    await useLocale("en", "app");
    const { sent } = setUp({ enabled: true, webCredits: 0 }, (body) => ({
      body: { prompt: `Better: ${(body as { prompt: string }).prompt}`, creditsUsed: 0, remainingCredits: null },
    }));
    renderWeb(<Harness />, { client: withoutPromptHelpOffer() });
    fireEvent.click(await screen.findByRole("button", { name: "Improve prompt" }, SLOW));
    await waitFor(() => expect(promptBox().value).toBe("Better: a dog on a beach"), SLOW);
    expect(sent.find((r) => r.method === "POST")?.body).toEqual({
      prompt: "a dog on a beach",
      model: "veo3_fast",
      mode: "image",
      audio: true,
      aspectRatio: "9:16",
    });
    expect(helpStatus().textContent).toBe("Prompt improved for Veo3 Fast. Check it before you generate.");

    // Improving again: Undo still goes back to the words before the first improvement.
    fireEvent.click(screen.getByRole("button", { name: "Improve prompt" }));
    await waitFor(() => expect(promptBox().value).toBe("Better: Better: a dog on a beach"), SLOW);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(promptBox().value).toBe("a dog on a beach");
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
    expect(helpStatus().textContent).toBe("");
  });

  it("shows its price when not free, and the reason in words when refused", async () => {
    await useLocale("en", "app");
    setUp(
      { enabled: true, webCredits: 2 },
      {
        status: 503,
        body: {
          message: UNAVAILABLE,
          code: "service_unavailable",
          reason: "prompt_help_unavailable",
        },
      },
    );
    renderWeb(<Harness />, { client: withoutPromptHelpOffer() });
    fireEvent.click(await screen.findByRole("button", { name: "Improve prompt · 2 credits" }));
    expect(
      await screen.findByText(
        "Prompt help cannot be reached right now, and nothing was charged. Try again in a minute, or write the prompt yourself.",
      ),
    ).toBeTruthy();
    expect(promptBox().value).toBe("a dog on a beach");
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("is not shown while the owner has prompt help off, and waits for words", async () => {
    await useLocale("en", "app");
    const { sent } = setUp({ enabled: false, webCredits: 0 }, { status: 500 });
    renderWeb(<Harness />, { client: withoutPromptHelpOffer() });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole("button", { name: /Improve prompt/ })).toBeNull();

    vi.unstubAllGlobals();
    setUp({ enabled: true, webCredits: 0 }, { status: 500 });
    renderWeb(<Harness start="" />, { client: withoutPromptHelpOffer() });
    const buttons = await screen.findAllByRole("button", { name: "Improve prompt" });
    expect(buttons.at(-1)!.hasAttribute("disabled")).toBe(true);
  });

  it("is not shown to a visitor known to be signed out; the presets still are", async () => {
    await useLocale("en", "app");
    const { sent } = setUp({ enabled: true, webCredits: 0 }, { status: 500 });
    const client = withoutPromptHelpOffer();
    client.setQueryData(firstLoadKeys.currentUser, null);
    renderWeb(<Harness />, { client });
    await waitFor(() => expect(sent).toHaveLength(1), SLOW);
    expect(screen.queryByRole("button", { name: /Improve prompt/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Presets" })).toBeTruthy();
  });

  it("speaks Vietnamese: its price, its status, and a refusal worded from its reason", async () => {
    await useLocale("vi", "app");
    setUp(
      { enabled: true, webCredits: 1 },
      { status: 404, body: { message: "off", code: "not_found", reason: "prompt_help_off" } },
    );
    renderWeb(<Harness />, { client: withoutPromptHelpOffer() });
    const button = await screen.findByRole("button", { name: "Cải thiện prompt · 1 credit" });
    fireEvent.click(button);
    expect(await screen.findByText(/Tính năng gợi ý prompt đang tắt/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Mẫu có sẵn" })).toBeTruthy();
  });
});

describe("the preset chips", () => {
  it("add their words, show as applied, and take them off", async () => {
    await useLocale("en", "app");
    setUp({ enabled: false, webCredits: 0 }, { status: 500 });
    renderWeb(<Harness model="kling3" />, { client: withoutPromptHelpOffer() });
    fireEvent.click(screen.getByRole("button", { name: "Presets" }));
    const camera = screen.getByRole("group", { name: "Camera" });
    const orbit = within(camera).getByRole("button", { name: "Orbit" });
    expect(orbit.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(orbit);
    expect(promptBox().value).toBe("a dog on a beach, the camera orbits slowly around the subject");
    expect(orbit.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Presets (1)" })).toBeTruthy();

    const ambience = within(screen.getByRole("group", { name: "Sound" })).getByRole("button", {
      name: "Ambient sound",
    });
    fireEvent.click(ambience);
    expect(promptBox().value).toBe(
      "a dog on a beach, the camera orbits slowly around the subject. Audio: the natural ambient sounds of the scene.",
    );
    fireEvent.click(orbit);
    expect(promptBox().value).toBe("a dog on a beach. Audio: the natural ambient sounds of the scene.");
    fireEvent.click(ambience);
    expect(promptBox().value).toBe("a dog on a beach.");
    expect(ambience.getAttribute("aria-pressed")).toBe("false");
  });

  it("write Veo's sound as its SFX cue, and offer no sound to a silent video", async () => {
    await useLocale("en", "app");
    setUp({ enabled: false, webCredits: 0 }, { status: 500 });
    const { unmount } = renderWeb(<Harness model="veo3" />, { client: withoutPromptHelpOffer() });
    fireEvent.click(screen.getByRole("button", { name: "Presets" }));
    fireEvent.click(
      within(screen.getByRole("group", { name: "Sound" })).getByRole("button", { name: "Ambient sound" }),
    );
    expect(promptBox().value).toBe("a dog on a beach. SFX: the natural ambient sounds of the scene.");
    unmount();

    renderWeb(<Harness model="wan26" />, { client: withoutPromptHelpOffer() });
    fireEvent.click(screen.getByRole("button", { name: "Presets" }));
    expect(screen.queryByRole("group", { name: "Sound" })).toBeNull();
    expect(screen.getByRole("group", { name: "Style" })).toBeTruthy();
  });
});
