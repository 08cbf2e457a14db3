/**
 * Image slots appear one at a time (issue 71), and image mode's first-frame slot offers "Create an
 * image" (decision 0161): the video's prompt to start from, the price, progress, the image in the
 * slot; a refusal or failure in one line, refunded.
 */
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resolvePrices, surchargeCost } from "../../src/shared/prices";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import type { GenerationMode, ModelId } from "../../src/shared/catalogue";
import { GenerateForm } from "@/features/videos/generate-form";
import { GENERATE_DEFAULTS, generateFormSchema, type GenerateFormValues } from "@/features/videos/generate-form-schema";
import { ImageSlotsField } from "@/features/videos/reference-image-field";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const slotLabels = () =>
  within(screen.getByRole("group", { name: "Images" }))
    .getAllByText(/^(First frame|Last frame|Reference \d)$/)
    .map((el) => el.textContent);

function renderSlots(mode: GenerationMode, model: ModelId, imageUrls: string[]) {
  return renderWeb(
    <ImageSlotsField
      mode={mode}
      model={model}
      imageUrls={imageUrls}
      uploading={false}
      signedOut={false}
      onFile={vi.fn()}
      onRemove={vi.fn()}
    />,
  );
}

describe("image slots appear one at a time", () => {
  beforeEach(() => useLocale("en", "app"));

  it("shows one empty reference slot, the next once the one before is filled, up to the model's most", () => {
    const { unmount } = renderSlots("reference", "seedance2", []);
    expect(slotLabels()).toEqual(["Reference 1"]);
    unmount();
    const two = renderSlots("reference", "seedance2", ["/uploads/a.png", "/uploads/b.png"]);
    expect(slotLabels()).toEqual(["Reference 1", "Reference 2", "Reference 3"]);
    two.unmount();
    const full = Array.from({ length: 9 }, (_, i) => `/uploads/${i}.png`);
    renderSlots("reference", "seedance2", full);
    expect(slotLabels()).toHaveLength(9);
  });

  it("shows the last frame once the first frame is there", () => {
    const { unmount } = renderSlots("image", "veo3_fast", []);
    expect(slotLabels()).toEqual(["First frame"]);
    unmount();
    renderSlots("image", "veo3_fast", ["/uploads/a.png"]);
    expect(slotLabels()).toEqual(["First frame", "Last frame"]);
  });
});

const PRICES = resolvePrices({ veo3_fast: { web: 30 } });
const person: CurrentUser = {
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
  return <GenerateForm form={form} user={person} prices={PRICES} onStarted={vi.fn()} />;
}

const ID = "3f1c7a52-8d0e-4b7a-9a43-2f5e3c1d9b10";
const frame = (over: object) => ({
  id: ID,
  status: "generating",
  prompt: "a lighthouse at dusk",
  aspectRatio: "16:9",
  creditsUsed: 2,
  imageUrl: null,
  error: null,
  failureKind: null,
  refunded: false,
  createdAt: "2026-11-29T16:00:00.000Z",
  ...over,
});
/** The models' prices cannot be read here: the catalogue's default first-frame price is shown. */
const MODELS_VIEW = { status: 503, body: { code: "service_unavailable", message: "down" } };
const PRICE = surchargeCost(resolvePrices(undefined), "first_frame", "web");

function renderImageMode() {
  return renderWeb(
    <Harness defaults={{ ...GENERATE_DEFAULTS, mode: "image", model: "veo3_fast", prompt: "a lighthouse at dusk" }} />,
  );
}

describe("Create an image, in image mode's first-frame slot", () => {
  beforeEach(() => useLocale("en", "app"));

  it("starts from the video's prompt, shows the price and progress, then puts the image in the slot", async () => {
    let reads = 0;
    const { sent } = stubFetch({
      "GET /api/models": MODELS_VIEW,
      "POST /api/first-frames": { status: 202, body: { firstFrame: frame({}), remainingCredits: 998 } },
      [`GET /api/first-frames/${ID}`]: () =>
        ++reads < 2
          ? { body: frame({}) }
          : { body: frame({ status: "completed", imageUrl: "/uploads/0123456789abcdef0123456789abcdef.jpg" }) },
    });
    const { user } = renderImageMode();
    await user.click(screen.getByRole("button", { name: "Create an image" }));
    const dialog = await screen.findByRole("dialog");
    const prompt = within(dialog).getByRole("textbox", { name: "Image prompt" });
    expect((prompt as HTMLTextAreaElement).value).toBe("a lighthouse at dusk");
    expect(within(dialog).getByText(new RegExp(`Costs ${PRICE} credits?\\.`))).toBeTruthy();
    await user.clear(prompt);
    await user.type(prompt, "a lighthouse on a cliff");
    await user.click(within(dialog).getByRole("button", { name: "Create image" }));
    expect(await within(dialog).findByRole("status")).toBeTruthy();
    expect(sent.find((r) => r.method === "POST")?.body).toEqual({
      prompt: "a lighthouse on a cliff",
      aspectRatio: "16:9",
    });

    // Made: the dialog closes, the image is the first frame, and the last frame's slot appears.
    expect(await screen.findByAltText("First frame preview", {}, { timeout: 6_000 })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(slotLabels()).toEqual(["First frame", "Last frame"]);
    // Removable like an upload.
    await user.click(screen.getByRole("button", { name: "Remove First frame" }));
    expect(screen.queryByAltText("First frame preview")).toBeNull();
  });

  it("says a refusal in one line, refunded, in the person's language", async () => {
    await useLocale("vi", "app");
    stubFetch({
      "GET /api/models": MODELS_VIEW,
      "POST /api/first-frames": {
        status: 422,
        body: {
          code: "unprocessable",
          reason: "first_frame_refused",
          params: { credits: 2 },
          message: "The image model declined this prompt under its content rules. Your 2 credits were refunded.",
        },
      },
    });
    const { user } = renderImageMode();
    await user.click(screen.getByRole("button", { name: /Tạo ảnh/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: /Tạo ảnh/ }));
    const line = await within(dialog).findByRole("alert");
    expect(line.textContent).toContain("2");
    expect(line.textContent).not.toMatch(/declined/);
  });

  it("is not offered while the admin has it switched off: uploads only", async () => {
    stubFetch({ "GET /api/models": { body: { models: [], surcharges: [], simulated: false, firstFrame: false } } });
    renderImageMode();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Create an image" })).toBeNull());
    expect(screen.getByText("Click or drop an image")).toBeTruthy();
  });

  it("says a failure of the image model in one line, refunded", async () => {
    stubFetch({
      "GET /api/models": MODELS_VIEW,
      "POST /api/first-frames": { status: 202, body: { firstFrame: frame({}), remainingCredits: 998 } },
      [`GET /api/first-frames/${ID}`]: { body: frame({ status: "failed", refunded: true, error: "x" }) },
    });
    const { user } = renderImageMode();
    await user.click(screen.getByRole("button", { name: "Create an image" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Create image" }));
    const line = await within(dialog).findByRole("alert", {}, { timeout: 6_000 });
    expect(line.textContent).toBe(
      "The image could not be made. Your credits were refunded. Please try again in a few minutes.",
    );
    expect(screen.queryByAltText("First frame preview")).toBeNull();
  });
});
