/**
 * The generator for every model (issue 42 §3): the form shows only what the chosen model can do,
 * prices the chosen options as the server charges them, resets what a new model lacks, prevents a
 * length its resolution does not allow, and sends only the options the model takes.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ModelId } from "../../src/shared/catalogue";
import { resolvePrices, webCost } from "../../src/shared/prices";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import { GenerateForm } from "@/features/videos/generate-form";
import {
  GENERATE_DEFAULTS,
  generateFormSchema,
  valuesForModel,
  type GenerateFormValues,
} from "@/features/videos/generate-form-schema";
import { toFormValues } from "@/features/videos/recreate";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

/** The admin's prices: Kling 3.0's 1080p cells by the second, the rest at the catalogue's defaults. */
const PRICES = resolvePrices({
  veo3_fast: { web: 30 },
  "kling3:1080p": { web: 2 },
  "kling3:1080p+sound": { web: 3.5 },
  "4k": { web: 70 },
});

const ANN: CurrentUser = {
  username: "ann",
  email: null,
  credits: 1000,
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
};

function Harness({ defaults }: { defaults: GenerateFormValues }) {
  const form = useForm<GenerateFormValues>({ resolver: zodResolver(generateFormSchema), defaultValues: defaults });
  return <GenerateForm form={form} user={ANN} prices={PRICES} onStarted={vi.fn()} />;
}

/** The form with `model` chosen as the app chooses it (its options fitted). */
function renderFor(model: ModelId, over: Partial<GenerateFormValues> = {}) {
  return renderWeb(<Harness defaults={valuesForModel({ ...GENERATE_DEFAULTS, ...over }, model)} />);
}

const cost = () => screen.getByTestId("generation-cost").textContent;
const shown = (id: string) => document.getElementById(id)?.textContent;
const field = (name: string) => screen.queryByRole("combobox", { name });

/** Opens the list called `name` and picks the option whose text starts with `option`. */
async function choose(person: UserEvent, name: string, option: string) {
  await person.click(screen.getByRole("combobox", { name }));
  const found = (await screen.findAllByRole("option")).find((o) => o.textContent?.startsWith(option));
  if (!found) throw new Error(`No option ${option} in ${name}`);
  await person.click(found);
}

/** The options of the list called `name`, opened, each with whether it is disabled. */
async function optionsOf(person: UserEvent, name: string) {
  await person.click(screen.getByRole("combobox", { name }));
  const options = (await screen.findAllByRole("option")).map((o) => ({
    text: o.textContent ?? "",
    disabled: o.getAttribute("aria-disabled") === "true" || o.hasAttribute("data-disabled"),
  }));
  await person.keyboard("{Escape}");
  return options;
}

describe("the generator for every model (issue 42)", () => {
  beforeEach(async () => {
    window.sessionStorage.clear();
    await useLocale("en", "app");
  });

  it("shows only the options the chosen model has", async () => {
    const { user: person } = renderFor("veo3_fast");
    // Veo: a fixed 8-second 720p video with sound, in 16:9 or 9:16.
    expect(field("Aspect ratio")).not.toBeNull();
    for (const name of ["Length", "Resolution"]) expect(field(name)).toBeNull();
    expect(screen.queryByRole("switch", { name: "Sound" })).toBeNull();
    expect((await optionsOf(person, "Aspect ratio")).map((o) => o.text)).toEqual(["16:9Landscape", "9:16Portrait"]);

    await choose(person, "Model", "Kling 3.0");
    expect(shown("duration")).toBe("5 seconds");
    expect(shown("resolution")).toBe("720p");
    expect(screen.getByRole("switch", { name: "Sound" }).getAttribute("aria-checked")).toBe("true");
    expect((await optionsOf(person, "Length")).map((o) => o.text)).toEqual(["5 seconds", "10 seconds", "15 seconds"]);
    expect((await optionsOf(person, "Resolution")).map((o) => o.text)).toEqual(["720p", "1080p", "4K"]);

    await choose(person, "Model", "Seedance 2");
    expect((await optionsOf(person, "Aspect ratio")).map((o) => o.text)).toEqual([
      "16:9Landscape",
      "9:16Portrait",
      "1:1Square",
      "4:3Classic landscape",
      "3:4Classic portrait",
      "21:9Cinematic widescreen",
    ]);

    // Wan 2.6 makes no sound and follows no chosen shape; it makes 720p too, so that stays.
    await choose(person, "Model", "Wan 2.6");
    expect(field("Length")).not.toBeNull();
    expect(shown("resolution")).toBe("720p");
    expect(field("Aspect ratio")).toBeNull();
    expect(screen.queryByRole("switch", { name: "Sound" })).toBeNull();
  });

  it("asks Kling 2.6 for a shape from text only: from an image the video takes the image's", () => {
    renderFor("kling26", { mode: "text" });
    expect(field("Aspect ratio")).not.toBeNull();
    cleanup();
    renderFor("kling26", { mode: "image" });
    expect(field("Length")).not.toBeNull();
    expect(field("Aspect ratio")).toBeNull();
  });

  it("gives each model as many image slots as it takes: 9 references with Seedance 2, 3 with Veo", async () => {
    // Slots appear one at a time (issue 71): eight images chosen, the ninth slot is the last one.
    const eight = Array.from({ length: 8 }, (_, i) => `/uploads/${String(i).repeat(32)}.png`);
    const { user: person } = renderFor("seedance2", { mode: "reference", imageUrls: eight });
    expect(screen.getByTestId("mode-description").textContent).toMatch(/^Up to 9 images/);
    expect(screen.getByText("Reference 9")).toBeTruthy();
    expect(screen.queryByText("Reference 10")).toBeNull();
    await choose(person, "Model", "Veo3 Fast");
    expect(screen.getByText("Reference 3")).toBeTruthy();
    expect(screen.queryByText("Reference 4")).toBeNull();
    expect(screen.getByTestId("mode-description").textContent).toMatch(/^Up to 3 images/);
  });

  it("costs the chosen length, resolution and sound exactly as the server charges them", async () => {
    const { user: person } = renderFor("kling3");
    const kling = { model: "kling3" as const, aspectRatio: "16:9" as const };
    expect(cost()).toBe(
      `${webCost(PRICES, { ...kling, durationSeconds: 5, resolution: "720p", audio: true })} credits`,
    );

    await choose(person, "Length", "10 seconds");
    await choose(person, "Resolution", "1080p");
    // 3.5 credits a second with sound × 10 seconds.
    expect(cost()).toBe("35 credits");
    expect(screen.getByTestId("generation-cost-rate").textContent).toBe(
      "3.5 credits per second × 10 seconds, rounded up",
    );
    await person.click(screen.getByRole("switch", { name: "Sound" }));
    expect(cost()).toBe("20 credits");
    expect(cost()).toBe(
      `${webCost(PRICES, { ...kling, durationSeconds: 10, resolution: "1080p", audio: false })} credits`,
    );
  });

  it("resets what the new model lacks to its defaults when the model changes, and keeps the rest", async () => {
    const { user: person } = renderFor("kling3");
    await choose(person, "Length", "15 seconds");
    await choose(person, "Resolution", "4K");
    await choose(person, "Aspect ratio", "1:1");

    // Seedance 2 makes 15-second 1:1 videos, but not in 4K: its default resolution.
    await choose(person, "Model", "Seedance 2");
    expect(shown("duration")).toBe("15 seconds");
    expect(shown("resolution")).toBe("720p");
    expect(shown("aspect-ratio")).toBe("1:1");

    // Kling 2.6 makes 5 or 10 seconds: its default length.
    await choose(person, "Model", "Kling 2.6");
    expect(shown("duration")).toBe("5 seconds");
    expect(field("Resolution")).toBeNull();
    expect(shown("aspect-ratio")).toBe("1:1");

    // Veo: 16:9 or 9:16 only.
    await choose(person, "Model", "Veo3 Fast");
    expect(shown("aspect-ratio")).toBe("16:9");
    expect(cost()).toBe("30 credits");
  });

  it("prevents a 10-second Hailuo video at 1080p and says why", async () => {
    const { user: person } = renderFor("hailuo23_pro", { mode: "image" });
    expect((await optionsOf(person, "Resolution")).find((o) => o.text.startsWith("1080p"))?.text).toBe(
      "1080p6 seconds only",
    );
    await choose(person, "Length", "10 seconds");
    expect(screen.queryByTestId("length-limit")).toBeNull();

    await choose(person, "Resolution", "1080p");
    expect(shown("duration")).toBe("6 seconds");
    expect(screen.getByTestId("length-limit").textContent).toBe(
      "At 1080p, Hailuo 2.3 Pro makes videos of 6 seconds only.",
    );
    const lengths = await optionsOf(person, "Length");
    expect(lengths).toEqual([
      { text: "6 seconds", disabled: false },
      { text: "10 secondsNot at 1080p", disabled: true },
    ]);
  });

  it("sends the options the model takes and only those", async () => {
    const { sent } = stubFetch({
      "POST /api/generate-video": { body: { taskId: "task-1", creditsUsed: 20, remainingCredits: 980 } },
    });
    const { user: person } = renderFor("kling3");
    await person.type(screen.getByLabelText("Prompt"), "A fox in the snow");
    await choose(person, "Length", "10 seconds");
    await choose(person, "Resolution", "1080p");
    await choose(person, "Aspect ratio", "9:16");
    await person.click(screen.getByRole("switch", { name: "Sound" }));
    await person.click(screen.getByRole("button", { name: /Generate Video/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      prompt: "A fox in the snow",
      imageUrls: [],
      model: "kling3",
      mode: "text",
      durationSeconds: 10,
      resolution: "1080p",
      aspectRatio: "9:16",
      audio: false,
      upgrade4k: false,
      keepExtendable: false,
      enableFallback: false,
    });

    // The form keeps the prompt and the options after Generate (issue 71 §2). Wan 2.6 takes the
    // length and resolution kept from Kling 3.0, and has no shape and no sound to send.
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("A fox in the snow"));
    await choose(person, "Model", "Wan 2.6");
    await person.clear(screen.getByLabelText("Prompt"));
    await person.type(screen.getByLabelText("Prompt"), "A quiet lake");
    await person.click(screen.getByRole("button", { name: /Generate Video/ }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({
      prompt: "A quiet lake",
      model: "wan26",
      durationSeconds: 10,
      resolution: "1080p",
    });
    expect(sent[1]?.body).not.toHaveProperty("aspectRatio");
    expect(sent[1]?.body).not.toHaveProperty("audio");
  });

  it("offers 4K, Keep extendable, the seed and the watermark only with a model that has them, and drops a ticked 4K", async () => {
    const { user: person } = renderFor("veo3_fast");
    await person.click(screen.getByRole("button", { name: /More options/ }));
    await person.click(screen.getByRole("checkbox", { name: /4K version/ }));
    expect(cost()).toBe("100 credits");

    await choose(person, "Model", "Kling 3.0");
    expect(screen.queryByRole("checkbox", { name: /4K version/ })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: /Keep extendable/ })).toBeNull();
    expect(screen.queryByRole("textbox", { name: /^Seed/ })).toBeNull();
    // The Market's models write no watermark (ModelDescription.watermark).
    expect(screen.queryByRole("textbox", { name: /^Watermark/ })).toBeNull();
    expect(screen.queryByTestId("generation-cost-breakdown")).toBeNull();
    expect(cost()).toBe(`${webCost(PRICES, "kling3")} credits`);

    // Back to Veo: the 4K box is unticked, as the new model's default.
    await choose(person, "Model", "Veo3 Fast");
    expect(screen.getByRole<HTMLInputElement>("checkbox", { name: /4K version/ }).checked).toBe(false);
    expect(screen.getByRole("textbox", { name: /^Watermark/ })).toBeTruthy();
  });

  it("compares the new models from their descriptions, priced with their default options", async () => {
    stubFetch({ "GET /api/showcase": { body: { source: "none", videos: [], modelSamples: [] } } });
    const { user: person } = renderFor("veo3_fast");
    await person.click(screen.getByRole("button", { name: "Compare models" }));
    const compared = screen.getByRole("list", { name: "Models compared" });
    const card = within(compared)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.startsWith("Kling 3.0"))!;
    expect(within(card).getByTestId("model-price-kling3").textContent).toBe(`${webCost(PRICES, "kling3")} credits`);
    expect(within(card).getByTestId("model-price-basis-kling3").textContent).toBe("5 seconds · 720p · with sound");
    expect(card.textContent).toContain("Sound: Sound on request");
    expect(card.textContent).toContain("Length: 5, 10, or 15 seconds");
    const hailuo = within(compared)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.startsWith("Hailuo 2.3 Pro"))!;
    // Hailuo makes image videos only: not for Text mode.
    expect(hailuo.textContent).toContain("Not for Text mode");
    expect(hailuo.textContent).toContain("Sound: No sound");
  });

  it("gives back a signed-out draft with its model's options, those it lacks at their defaults", async () => {
    const draft = { prompt: "Kept", model: "kling3", aspectRatio: "1:1", durationSeconds: 10, resolution: "1080p" };
    window.sessionStorage.setItem("generatorDraft", JSON.stringify({ ...draft, audio: false }));
    renderFor("veo3_fast");
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("Kept"));
    expect(shown("model")).toBe("Kling 3.0");
    expect([shown("duration"), shown("resolution"), shown("aspect-ratio")]).toEqual(["10 seconds", "1080p", "1:1"]);
    expect(screen.getByRole("switch", { name: "Sound" }).getAttribute("aria-checked")).toBe("false");
    cleanup();

    // Kling 2.6 makes 720p videos of 5 or 10 seconds: the draft's 15 seconds go back to its default.
    window.sessionStorage.setItem(
      "generatorDraft",
      JSON.stringify({ ...draft, model: "kling26", durationSeconds: 15 }),
    );
    renderFor("veo3_fast");
    await waitFor(() => expect(shown("model")).toBe("Kling 2.6"));
    expect(shown("duration")).toBe("5 seconds");
    expect(screen.queryByRole("combobox", { name: "Resolution" })).toBeNull();
  });

  it("recreates a video with its options, and an old video as 8 seconds, 720p, with sound", () => {
    const video = {
      prompt: "Again",
      model: "seedance2" as const,
      mode: "text" as const,
      aspectRatio: "21:9" as const,
      durationSeconds: 10,
      resolution: "1080p" as const,
      audio: false,
      watermark: null,
      seeds: null,
      imageUrls: [],
    };
    expect(toFormValues(video)).toMatchObject({
      model: "seedance2",
      aspectRatio: "21:9",
      durationSeconds: 10,
      resolution: "1080p",
      audio: false,
    });
    const old = { ...video, model: "veo3" as const, aspectRatio: "16:9" as const };
    expect(toFormValues({ ...old, durationSeconds: null, resolution: null, audio: null })).toMatchObject({
      model: "veo3",
      durationSeconds: 8,
      resolution: "720p",
      audio: true,
    });
  });
});
