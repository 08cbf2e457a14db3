import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { VeoModel } from "../../src/shared/catalogue";
import type { CurrentUser } from "../../src/shared/schemas/auth";
import { GenerateForm } from "@/features/videos/generate-form";
import { GENERATE_DEFAULTS, generateFormSchema, type GenerateFormValues } from "@/features/videos/generate-form-schema";
import { queryKeys } from "@/lib/query-keys";
import { stubFetch } from "./fetch-stub";
import { newQueryClient, renderWeb, useLocale } from "./render";

const PRICES: Record<VeoModel, number> = { veo3: 150, veo3_fast: 30, veo3_lite: 20 };
const FOUR_K = 70;
const user = (credits: number): CurrentUser => ({
  username: "ann",
  email: null,
  credits,
  isAdmin: false,
  hasPassword: true,
  language: null,
});

interface HarnessProps {
  currentUser: CurrentUser | null;
  onStarted: () => void;
  defaults: GenerateFormValues;
}

function Harness({ currentUser, onStarted, defaults }: HarnessProps) {
  const form = useForm<GenerateFormValues>({ resolver: zodResolver(generateFormSchema), defaultValues: defaults });
  return <GenerateForm form={form} user={currentUser} prices={PRICES} onStarted={onStarted} />;
}

/** The form with the server's 4K surcharge already known (the prices query answered). */
function renderForm(currentUser: CurrentUser | null, defaults: Partial<GenerateFormValues> = {}) {
  const onStarted = vi.fn();
  const client = newQueryClient();
  client.setQueryData(queryKeys.pricing, {
    models: [],
    surcharges: [{ surcharge: "4k", web_credits: FOUR_K, api_credits: 1 }],
    simulated: false,
  });
  return {
    ...renderWeb(
      <Harness currentUser={currentUser} onStarted={onStarted} defaults={{ ...GENERATE_DEFAULTS, ...defaults }} />,
      { client },
    ),
    onStarted,
  };
}

const cost = () => screen.getByTestId("generation-cost").textContent;
const modelShown = () => document.getElementById("model")?.textContent;

describe("GenerateForm", () => {
  beforeEach(() => useLocale("en", "app"));

  it("costs the model's price, plus the 4K surcharge with a breakdown when 4K is ticked", async () => {
    const { user: person } = renderForm(user(1000));
    expect(cost()).toBe("30 credits");
    expect(screen.queryByTestId("generation-cost-breakdown")).toBeNull();

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
    // The form starts over for the next video.
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>("Prompt").value).toBe(""));
  });
});
