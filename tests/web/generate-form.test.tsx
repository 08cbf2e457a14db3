import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resolvePrices, type PriceTable } from "../../src/shared/prices";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import type { ModelId } from "../../src/shared/catalogue";
import { GenerateForm } from "@/features/videos/generate-form";
import { GENERATE_DEFAULTS, generateFormSchema, type GenerateFormValues } from "@/features/videos/generate-form-schema";
import { stubFetch } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

const PRICES = resolvePrices({ veo3: { web: 150 }, veo3_fast: { web: 30 }, veo3_lite: { web: 20 }, "4k": { web: 70 } });
const user = (credits: number): CurrentUser => ({
  username: "ann",
  email: null,
  credits,
  isAdmin: false,
  hasPassword: true,
  emailVerified: true,
  language: null,
});

interface HarnessProps {
  currentUser: CurrentUser | null;
  sessionKnown?: boolean;
  onStarted: () => void;
  defaults: GenerateFormValues;
  prices?: PriceTable;
  offered?: readonly ModelId[];
  degraded?: readonly ModelId[];
}

function Harness({ currentUser, sessionKnown, onStarted, defaults, prices = PRICES, offered, degraded }: HarnessProps) {
  const form = useForm<GenerateFormValues>({ resolver: zodResolver(generateFormSchema), defaultValues: defaults });
  return (
    <GenerateForm
      form={form}
      user={currentUser}
      sessionKnown={sessionKnown}
      prices={prices}
      offered={offered}
      degraded={degraded}
      onStarted={onStarted}
    />
  );
}

/** The form with the server's prices (the generate page reads them from the prices query). */
function renderForm(
  currentUser: CurrentUser | null,
  defaults: Partial<GenerateFormValues> = {},
  offered?: readonly ModelId[],
  degraded?: readonly ModelId[],
) {
  const onStarted = vi.fn();
  const client = newQueryClient();
  return {
    ...renderWeb(
      <Harness
        currentUser={currentUser}
        onStarted={onStarted}
        defaults={{ ...GENERATE_DEFAULTS, ...defaults }}
        offered={offered}
        degraded={degraded}
      />,
      { client },
    ),
    onStarted,
  };
}

const cost = () => screen.getByTestId("generation-cost").textContent;
const modelShown = () => document.getElementById("model")?.textContent;

/** GET /api/showcase with nothing in it: the comparison reads it for its samples once opened. */
const NO_SHOWCASE = { "GET /api/showcase": { body: { source: "none", videos: [], modelSamples: [] } } };

const GENERATED = { body: { taskId: "task-1", creditsUsed: 30, remainingCredits: 970 } };

/** The three Veo models alone offered: the comparisons of issue 38 between them. */
const VEO: readonly ModelId[] = ["veo3", "veo3_fast", "veo3_lite"];

describe("GenerateForm", () => {
  beforeEach(async () => {
    window.sessionStorage.clear();
    await useLocale("en", "app");
  });

  it("costs the model's price, plus the 4K surcharge with a breakdown when 4K is ticked", async () => {
    const { user: person } = renderForm(user(1000));
    expect(cost()).toBe("30 credits");
    expect(screen.queryByTestId("generation-cost-breakdown")).toBeNull();

    await person.click(screen.getByRole("button", { name: /More options/ }));
    await person.click(screen.getByRole("checkbox", { name: /4K version/ }));
    expect(cost()).toBe("100 credits");
    expect(screen.getByTestId("generation-cost-breakdown").textContent).toBe("Veo3 Fast 30 credits + 4K 70 credits");
  });

  it("switches to a model the mode takes: Reference makes no Quality videos", async () => {
    const { user: person } = renderForm(user(1000), { model: "veo3" });
    expect(modelShown()).toBe("Veo3 (Quality)");
    expect(cost()).toBe("150 credits");
    expect(screen.queryByText(/Reference 1/)).toBeNull();

    await person.click(screen.getByRole("radio", { name: "Reference" }));
    expect(screen.getByTestId("mode-description").textContent).toMatch(/^Up to 3 images/);
    expect(modelShown()).toBe("Veo3 Fast");
    expect(cost()).toBe("30 credits");
    expect(screen.getByText(/Reference 1/)).toBeTruthy();
    // Back to Text: the model stays, Text takes it too.
    await person.click(screen.getByRole("radio", { name: "Text" }));
    expect(modelShown()).toBe("Veo3 Fast");
  });

  it("lists only the models offered now, and leaves one turned off for one offered", async () => {
    const { user: person } = renderForm(user(1000), { model: "veo3_fast" }, ["veo3", "veo3_lite"]);
    await waitFor(() => expect(modelShown()).toBe("Veo3 (Quality)"));
    expect(cost()).toBe("150 credits");
    await person.click(screen.getByRole("combobox", { name: "Model" }));
    const options = (await screen.findAllByRole("option")).map((o) => o.textContent ?? "");
    expect(options.some((o) => o.startsWith("Veo3 Fast"))).toBe(false);
    expect(options.some((o) => o.startsWith("Veo3 Lite"))).toBe(true);
  });

  it("marks a model failing often right now, and still lets it be chosen", async () => {
    const { user: person } = renderForm(user(1000), { model: "veo3_fast" }, undefined, ["veo3_fast"]);
    expect(screen.getByTestId("model-degraded").textContent).toContain("failing right now");
    expect(screen.getByRole("button", { name: /Generate Video/ })).toHaveProperty("disabled", false);
    await person.click(screen.getByRole("combobox", { name: "Model" }));
    const fast = (await screen.findAllByRole("option")).find((o) => o.textContent?.startsWith("Veo3 Fast"));
    expect(fast?.textContent).toContain("Failing often right now");
    await person.click((await screen.findAllByRole("option")).find((o) => o.textContent?.startsWith("Veo3 Lite"))!);
    expect(screen.queryByTestId("model-degraded")).toBeNull();
  });

  it("cannot choose a mode no offered model makes", () => {
    renderForm(user(1000), {}, ["veo3"]);
    expect(screen.getByRole("radio", { name: "Reference" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("radio", { name: "Image" })).toHaveProperty("disabled", false);
  });

  it("says the credits are short and holds the button back", () => {
    renderForm(user(25));
    expect(screen.getByRole("note").textContent).toContain(
      "Not enough credits: Veo3 Fast needs 30 credits and you have 25 credits.",
    );
    expect(screen.getByRole("button", { name: /Generate Video/ })).toHaveProperty("disabled", true);
  });

  it("offers sign-in instead of the button when signed out", () => {
    renderForm(null);
    expect(screen.queryByRole("button", { name: /Generate Video/ })).toBeNull();
    expect(screen.getByRole("link", { name: /Sign in to Generate/ }).getAttribute("href")).toBe("/login");
    expect(screen.queryByTestId("user-credits")).toBeNull();
  });

  it("refuses an empty prompt without sending anything", async () => {
    const { sent } = stubFetch({});
    const { user: person } = renderForm(user(1000));
    await person.click(screen.getByRole("button", { name: /Generate Video/ }));
    expect(await screen.findByText("Prompt is required")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("sends the form's choices once, with an idempotency key, and reports the task", async () => {
    const { sent } = stubFetch({
      "POST /api/generate-video": { body: { taskId: "task-1", creditsUsed: 100, remainingCredits: 900 } },
    });
    const { user: person, onStarted } = renderForm(user(1000));
    await person.type(screen.getByLabelText("Prompt"), "A fox in the snow");
    await person.click(screen.getByRole("button", { name: /More options/ }));
    await person.click(screen.getByRole("checkbox", { name: /4K version/ }));
    await person.type(screen.getByRole("textbox", { name: /^Seed/ }), "12345");
    await person.click(screen.getByRole("button", { name: /Generate Video/ }));

    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      prompt: "A fox in the snow",
      imageUrls: [],
      model: "veo3_fast",
      mode: "text",
      aspectRatio: "16:9",
      seeds: 12345,
      upgrade4k: true,
      keepExtendable: false,
      enableFallback: false,
    });
    expect(sent[0]?.headers["Idempotency-Key"]).toMatch(/\S{8,}/);
    expect(onStarted.mock.calls[0]?.[0]).toMatchObject({
      taskId: "task-1",
      status: "generating",
      uhdStatus: "requested",
    });
    // The prompt and the options stay for the next try (issue 71 §2), and the next Generate is a new request.
    expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("A fox in the snow");
    expect(screen.getByText("17/5000")).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /4K version/ })).toHaveProperty("checked", true);
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: /^Seed/ }).value).toBe("12345");
    await person.click(screen.getByRole("button", { name: /Generate Video/ }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(2));
    const [first, again] = sent.filter((r) => r.method === "POST");
    expect(again?.body).toEqual(first?.body);
    expect(again?.headers["Idempotency-Key"]).not.toBe(first?.headers["Idempotency-Key"]);
  });
});

describe("GenerateForm's Draft (decision 0178)", () => {
  beforeEach(async () => {
    window.sessionStorage.clear();
    await useLocale("en", "app");
  });

  it("offers Draft with both prices, costs the draft once ticked, and asks for it without 4K", async () => {
    const { sent } = stubFetch({
      "POST /api/generate-video": { body: { taskId: "task-d", creditsUsed: 20, remainingCredits: 980 } },
    });
    const { user: person, onStarted } = renderForm(user(1000));
    const draft = screen.getByRole("checkbox", { name: "Draft · 20 credits (final 30 credits)" });
    expect(draft).toHaveProperty("checked", false);
    await person.click(screen.getByRole("button", { name: /More options/ }));
    await person.click(screen.getByRole("checkbox", { name: /4K version/ }));
    await person.click(draft);
    // A draft has no 4K version: the cost is the draft's alone.
    expect(cost()).toBe("20 credits");
    await person.type(screen.getByLabelText("Prompt"), "A fox in the snow");
    await person.click(screen.getByRole("button", { name: /Generate Video/ }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));
    expect(sent[0]?.body).toMatchObject({ model: "veo3_fast", draft: true, upgrade4k: false });
    // Shown as the draft it is until the server's view arrives.
    expect(onStarted.mock.calls[0]?.[0]).toMatchObject({
      model: "veo3_lite",
      draftOf: { model: "veo3_fast", resolution: "720p" },
    });
  });

  it("offers no Draft where the model has none, or where the prices make it no cheaper", () => {
    renderForm(user(1000), { model: "veo3_lite" });
    expect(screen.queryByTestId("draft-choice")).toBeNull();
    cleanup();
    const client = newQueryClient();
    const same = resolvePrices({ veo3_fast: { web: 20 }, veo3_lite: { web: 20 } });
    renderWeb(<Harness currentUser={user(1000)} onStarted={vi.fn()} defaults={GENERATE_DEFAULTS} prices={same} />, {
      client,
    });
    expect(screen.queryByTestId("draft-choice")).toBeNull();
  });
});

describe("GenerateForm's first screen (issue 38)", () => {
  beforeEach(async () => {
    window.sessionStorage.clear();
    await useLocale("en", "app");
  });

  it("folds watermark, seed, 4K and Keep extendable under More options", async () => {
    const { user: person } = renderForm(user(1000));
    const more = screen.getByRole("button", { name: /More options/ });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    for (const name of [/^Watermark/, /^Seed/]) expect(screen.queryByRole("textbox", { name })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: /4K version/ })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: /Keep extendable/ })).toBeNull();
    // The first screen: mode, prompt, model, ratio, Generate.
    expect(screen.getByLabelText("Prompt")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Model" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Aspect ratio" })).toBeTruthy();

    await person.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("textbox", { name: /^Watermark/ })).toBeTruthy();
    const keep = screen.getByRole("checkbox", { name: /Keep extendable/ });
    // What the choice means, said where it is made.
    expect(document.getElementById(keep.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
      "Lets Veo continue the video itself when you extend it: its 1080p version waits until you ask for it.",
    );
  });

  it("opens More options by itself when one of them is set, as after Recreate", () => {
    renderForm(user(1000), { prompt: "Again", watermark: "Studio", seed: "12345" });
    expect(screen.getByRole("button", { name: /More options/ }).getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: /^Watermark/ }).value).toBe("Studio");
  });

  it("fills the prompt with a clicked example, in the person's language", async () => {
    const { user: person, unmount } = renderForm(user(1000));
    await person.click(screen.getByRole("button", { name: "Surfing dog" }));
    const prompt = screen.getByLabelText<HTMLTextAreaElement>("Prompt");
    expect(prompt.value).toMatch(/^A golden retriever surfing a wave at sunset/);
    expect(document.activeElement).toBe(prompt);
    unmount();

    await useLocale("vi", "app");
    const again = renderForm(user(1000));
    await again.user.click(screen.getByRole("button", { name: "Chú chó lướt sóng" }));
    expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toMatch(
      /^Một chú chó golden retriever lướt sóng/,
    );
  });

  it("compares the models with the server's prices and lets one be chosen", async () => {
    stubFetch(NO_SHOWCASE);
    const { user: person } = renderForm(user(1000), {}, VEO);
    await person.click(screen.getByRole("button", { name: "Compare models" }));
    const compared = screen.getByRole("list", { name: "Models compared" });
    expect(within(compared).getByTestId("model-price-veo3").textContent).toBe("150 credits");
    expect(within(compared).getByTestId("model-price-veo3_lite").textContent).toBe("20 credits");
    // Lite alone has the lowest price here.
    expect(within(compared).getAllByText("Lowest price")).toHaveLength(1);
    expect(within(compared).getAllByRole("listitem")[2]?.textContent).toContain("Lowest price");
    expect(compared.textContent).toContain("Speed: Slowest");

    // The chosen card's button says so, its visible word first in its name.
    expect(within(compared).getByRole("button", { name: "Chosen: Veo3 Fast" }).textContent).toBe("Chosen");
    await person.click(within(compared).getByRole("button", { name: "Choose Veo3 (Quality)" }));
    expect(modelShown()).toBe("Veo3 (Quality)");
    expect(within(compared).getByRole("button", { name: "Chosen: Veo3 (Quality)" })).toBeTruthy();
    expect(cost()).toBe("150 credits");
  });

  it("gives each compared model its sample, with its poster, and shows nothing for a model without one", async () => {
    const clip = (id: string, model: string, sample: boolean) => ({
      id,
      videoUrl: `/media/showcase/${id}.mp4`,
      posterUrl: `/media/showcase/${id}.jpg`,
      prompt: null,
      caption: null,
      model,
      aspectRatio: "16:9",
      sample,
    });
    const { sent } = stubFetch({
      "GET /api/showcase": {
        body: {
          source: "chosen",
          // The showcase's own videos are not the samples (decision 0166): modelSamples are.
          videos: [clip("showcase-1", "veo3_lite", false)],
          modelSamples: [clip("quality-1", "veo3", true), clip("fast-1", "veo3_fast", false)],
        },
      },
    });
    const { user: person } = renderForm(user(1000));
    // Nothing is read until the comparison is opened.
    expect(sent).toEqual([]);
    await person.click(screen.getByRole("button", { name: "Compare models" }));
    const compared = screen.getByRole("list", { name: "Models compared" });
    const [quality, fast, lite] = within(compared).getAllByRole("listitem");

    const qualitySample = await within(quality!).findByLabelText("Sample of Veo3 (Quality)");
    expect(qualitySample.tagName).toBe("VIDEO");
    expect(qualitySample.getAttribute("src")).toBe("/media/showcase/quality-1.mp4");
    expect(qualitySample.getAttribute("poster")).toBe("/media/showcase/quality-1.jpg");
    expect(qualitySample).toHaveProperty("muted", true);
    expect(qualitySample).toHaveProperty("loop", true);
    expect(qualitySample.hasAttribute("playsinline")).toBe(true);
    expect(qualitySample.getAttribute("preload")).toBe("none");
    expect(within(quality!).getByText("Sample clip (simulator)")).toBeTruthy();
    expect(within(quality!).getByRole("button", { name: "Play the sample of Veo3 (Quality)" })).toBeTruthy();

    // A chosen (real) video is not called a sample clip.
    const fastSample = within(fast!).getByLabelText("Sample of Veo3 Fast");
    expect(fastSample.getAttribute("src")).toBe("/media/showcase/fast-1.mp4");
    expect(within(fast!).queryByText("Sample clip (simulator)")).toBeNull();

    // Lite has no sample (its showcase video is not one): nothing, no placeholder words.
    expect(within(lite!).queryByText(/sample/i)).toBeNull();
    expect(lite!.querySelector("video")).toBeNull();
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/showcase"]);
    cleanup();

    await useLocale("vi", "app");
    const again = renderForm(user(1000));
    await again.user.click(screen.getByRole("button", { name: "So sánh các mô hình" }));
    const soSanh = screen.getByRole("list", { name: "So sánh các mô hình" });
    const [chatLuong, , nhe] = within(soSanh).getAllByRole("listitem");
    expect((await within(chatLuong!).findByLabelText("Video mẫu của Veo3 (Quality)")).tagName).toBe("VIDEO");
    expect(within(chatLuong!).getByText("Clip mẫu (trình mô phỏng)")).toBeTruthy();
    expect(within(chatLuong!).getByRole("button", { name: "Phát video mẫu của Veo3 (Quality)" })).toBeTruthy();
    expect(within(nhe!).queryByText("Chưa có video mẫu")).toBeNull();
    expect(nhe!.querySelector("video")).toBeNull();
  });

  it("calls no model the cheapest when the lowest price is shared", async () => {
    const samePrice = resolvePrices({ veo3: { web: 5 }, veo3_fast: { web: 1 }, veo3_lite: { web: 1 } });
    stubFetch(NO_SHOWCASE);
    const { user: person } = renderWeb(
      <Harness currentUser={user(10)} onStarted={vi.fn()} defaults={GENERATE_DEFAULTS} prices={samePrice} />,
    );
    await person.click(screen.getByRole("button", { name: "Compare models" }));
    expect(screen.queryByText("Lowest price")).toBeNull();
    expect(screen.queryByText(/most affordable/i)).toBeNull();
  });

  it("generates on Ctrl+Enter and on Cmd+Enter", async () => {
    const { sent } = stubFetch({ "POST /api/generate-video": GENERATED });
    const { user: person, onStarted } = renderForm(user(1000));
    await person.type(screen.getByLabelText("Prompt"), "A fox in the snow");
    await person.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ prompt: "A fox in the snow" });

    // The prompt stays after Generate (issue 71 §2): the next one is typed over it.
    expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("A fox in the snow");
    await person.clear(screen.getByLabelText("Prompt"));
    await person.type(screen.getByLabelText("Prompt"), "A cat on a roof");
    await person.keyboard("{Meta>}{Enter}{/Meta}");
    await waitFor(() => expect(onStarted).toHaveBeenCalledTimes(2));
    expect(sent[1]?.body).toMatchObject({ prompt: "A cat on a roof" });
    // A plain Enter is a new line, not a submission.
    await person.type(screen.getByLabelText("Prompt"), "Line one{Enter}line two");
    expect(sent).toHaveLength(2);
  });

  it("keeps a prompt typed while signed out and gives it back once signed in", async () => {
    const signedOut = renderForm(null);
    await signedOut.user.type(screen.getByLabelText("Prompt"), "A fox in the snow");
    expect(screen.getByText(/Your prompt is kept while you sign in\./)).toBeTruthy();
    signedOut.unmount();

    // The page loads signed in (after the sign-in): the prompt is back, once.
    renderForm(user(1000));
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("A fox in the snow"));
    cleanup();
    renderForm(user(1000));
    expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("");
  });

  it("does not lose a waiting prompt while the session is still being read", async () => {
    window.sessionStorage.setItem(
      "generatorDraft",
      JSON.stringify({ prompt: "Kept", model: "veo3", aspectRatio: "9:16" }),
    );
    // Signed out for a moment (the session not known yet), then signed in.
    const { rerender } = renderForm(null);
    rerender(<Harness currentUser={user(1000)} onStarted={vi.fn()} defaults={GENERATE_DEFAULTS} />);
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("Kept"));
    expect(modelShown()).toBe("Veo3 (Quality)");
    expect(document.getElementById("aspect-ratio")?.textContent).toBe("9:16");
    expect(window.sessionStorage.getItem("generatorDraft")).toBeNull();
  });

  it("keeps no draft of a prompt a link put in the form before the session was known", async () => {
    // /generate?prompt=... (the share page's "Make one like this") fills the form at once, and the
    // person leaves before the server has said they are signed in. A draft kept then would fill
    // the form of their next visit.
    renderWeb(
      <Harness
        currentUser={null}
        sessionKnown={false}
        onStarted={vi.fn()}
        defaults={{ ...GENERATE_DEFAULTS, prompt: "A lighthouse in a storm" }}
      />,
      { client: newQueryClient() },
    );
    expect(window.sessionStorage.getItem("generatorDraft")).toBeNull();
    cleanup();
    renderForm(user(1000));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe("");
  });
});
