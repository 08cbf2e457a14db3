/**
 * The Prompt help card of Settings > Models and vendors (decision 0160): it sits in that section,
 * shows the mode saved, asks for the endpoint, model and key only for a language model, refuses to
 * send a language model without its endpoint, and saves on its own route with the section's bar,
 * a masked key sent back as it is (kept by the server).
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminSettingsView } from "../../src/shared/schemas/settings";
import { PromptHelpCard } from "@/features/admin/settings/prompt-help-card";
import { SettingsSectionBody } from "@/features/admin/settings/settings-section-body";
import { SettingsSectionForm } from "@/features/admin/settings/section/settings-section-form";
import { stubFetch } from "./fetch-stub";
import { SETTINGS } from "./settings-fixture";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const ROUTE = "PUT /api/admin/settings/prompt-help";
const MASKED = "••••••••4242";

function server(saved: AdminSettingsView = SETTINGS) {
  const stub = stubFetch({
    [ROUTE]: { body: { message: "Prompt help settings updated", settings: saved } },
    "GET /api/admin/vendor-accounts": { status: 503, body: { message: "Not under test" } },
  });
  return { ...stub, puts: () => stub.sent.filter((r) => r.method === "PUT") };
}

function renderCard(settings: AdminSettingsView = SETTINGS) {
  return renderWeb(
    <SettingsSectionForm label="Models and vendors">
      <PromptHelpCard settings={settings} />
    </SettingsSectionForm>,
  );
}

const mode = () => screen.getByLabelText<HTMLSelectElement>("Prompt help runs on");
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe("the Prompt help card", () => {
  it("sits in the Models and vendors section", async () => {
    await useLocale("en", "admin");
    server();
    renderWeb(<SettingsSectionBody section="models" settings={SETTINGS} />);
    expect(screen.getByRole("region", { name: "Prompt help" })).toBeTruthy();
  });

  it("shows the built-in rules by default and asks nothing more for them", async () => {
    await useLocale("en", "admin");
    server();
    renderCard();
    expect(mode().value).toBe("builtin");
    expect(screen.queryByLabelText("Endpoint base URL")).toBeNull();
  });

  it("will not send a language model without its endpoint and model", async () => {
    await useLocale("en", "admin");
    const { puts } = server();
    const { user } = renderCard();
    await user.selectOptions(mode(), "llm");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Enter the endpoint's base URL to use a language model.")).toBeTruthy();
    expect(screen.getByText("Enter the model's name to use a language model.")).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it("saves a language model on its own route, a masked key sent back as it is", async () => {
    await useLocale("en", "admin");
    const saved = {
      ...SETTINGS,
      promptHelpMode: "llm" as const,
      promptHelpBaseUrl: "https://llm.example/v1",
      promptHelpModel: "gpt-test",
      promptHelpApiKey: MASKED,
    };
    const { puts } = server(saved);
    const { user } = renderCard({ ...SETTINGS, promptHelpApiKey: MASKED });
    await user.selectOptions(mode(), "llm");
    await user.type(field("Endpoint base URL"), "https://llm.example/v1/");
    await user.type(field("Model"), "gpt-test");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.url).toBe("/api/admin/settings/prompt-help");
    expect(puts()[0]!.body).toEqual({
      promptHelpMode: "llm",
      promptHelpBaseUrl: "https://llm.example/v1/",
      promptHelpModel: "gpt-test",
      promptHelpApiKey: MASKED,
    });
  });

  it("turns prompt help off", async () => {
    await useLocale("en", "admin");
    const { puts } = server({ ...SETTINGS, promptHelpMode: "off" });
    const { user } = renderCard();
    await user.selectOptions(mode(), "off");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ promptHelpMode: "off", promptHelpApiKey: null });
  });
});
