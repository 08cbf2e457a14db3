/**
 * The admin's provider accounts (issue 42): the add/edit dialog asks for the vendor and one cost per
 * model of the catalogue (a blank one means the model's default), and the list shows each account's
 * vendor and costs, with a balance check only for KIE accounts.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MODEL_CATALOGUE, MODELS } from "../../src/shared/catalogue";
import type { VendorAccountView } from "../../src/shared/schemas/vendor-accounts";
import { defaultModelCost } from "../../src/shared/vendor-costs";
import { modelsMadeBy } from "@/features/admin/vendors/account-vendors";
import { VendorAccountDialog } from "@/features/admin/vendors/vendor-account-dialog";
import { VendorAccountsCard } from "@/features/admin/vendors/vendor-accounts-card";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const account = (over: Partial<VendorAccountView>): VendorAccountView => ({
  id: "6f1c1a56-0000-4000-8000-0000000000a1",
  name: "Main",
  token: "••••••••abcd",
  vendor: "kie",
  totalCredits: 1000,
  modelCosts: {},
  veo3QualityCredits: defaultModelCost("veo3"),
  veo3FastCredits: defaultModelCost("veo3_fast"),
  veo3LiteCredits: defaultModelCost("veo3_lite"),
  isEnabled: true,
  status: "Available",
  lastUsed: null,
  totalUsage: 0,
  taskCount: 0,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  ...over,
});

const costField = (model: (typeof MODELS)[number]) =>
  screen.getByLabelText<HTMLInputElement>(`Cost per video, ${MODEL_CATALOGUE[model].label} (credits)`);

afterEach(() => vi.unstubAllGlobals());

describe("VendorAccountDialog", () => {
  it("adds an account with its vendor and only the costs typed in", async () => {
    await useLocale("en", "admin");
    const saved = account({ vendor: "google" });
    const { sent } = stubFetch({
      "POST /api/admin/kie-apis": { status: 201, body: { message: "KIE API saved", kieApi: saved } },
    });
    const onOpenChange = vi.fn();
    const { user } = renderWeb(<VendorAccountDialog open onOpenChange={onOpenChange} />);
    const vendor = screen.getByLabelText<HTMLSelectElement>("Vendor");
    expect(vendor.value).toBe("kie");
    expect([...vendor.options].map((o) => o.textContent)).toEqual(["KIE.ai", "Google Gemini API", "Google Vertex AI"]);
    // A KIE account (the default vendor) is asked the cost of every model KIE makes, and no other.
    expect(modelsMadeBy("kie")).toEqual(MODELS.filter((m) => MODEL_CATALOGUE[m].vendors.includes("kie")));
    expect(screen.queryByLabelText("Cost per video, Gemini Omni Flash (credits)")).toBeNull();
    for (const model of modelsMadeBy("kie")) {
      expect(costField(model).value).toBe("");
      expect(costField(model).placeholder).toBe(String(defaultModelCost(model)));
    }

    await user.type(screen.getByLabelText("Name"), "Gemini");
    await user.type(screen.getByLabelText("API token", { exact: true }), "AIza-secret-key");
    await user.selectOptions(vendor, "google");
    await user.type(costField("veo3_fast"), "1.5");
    await user.click(screen.getByRole("button", { name: "Save KIE API" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Cost per video, Veo3 Fast (credits) must be a whole number, 0 or more",
    );
    expect(sent).toHaveLength(0);

    await user.clear(costField("veo3_fast"));
    await user.type(costField("veo3_fast"), "75");
    await user.click(screen.getByRole("button", { name: "Save KIE API" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]!.body).toEqual({
      name: "Gemini",
      token: "AIza-secret-key",
      vendor: "google",
      totalCredits: 1000,
      modelCosts: { veo3_fast: 75 },
      isEnabled: true,
    });
  });

  it("takes a Vertex AI account's service account key in a text area, checked before it is sent", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({
      "POST /api/admin/kie-apis": {
        status: 201,
        body: { message: "KIE API saved", kieApi: account({ vendor: "vertex" }) },
      },
    });
    const onOpenChange = vi.fn();
    const { user } = renderWeb(<VendorAccountDialog open onOpenChange={onOpenChange} />);
    await user.type(screen.getByLabelText("Name"), "Vertex");
    await user.selectOptions(screen.getByLabelText<HTMLSelectElement>("Vendor"), "vertex");
    expect(screen.queryByLabelText("API token", { exact: true })).toBeNull();
    const key = screen.getByLabelText<HTMLTextAreaElement>("Service account key (JSON)");
    expect(key.tagName).toBe("TEXTAREA");
    await user.type(key, "AIza-not-a-key-file");
    await user.click(screen.getByRole("button", { name: "Save KIE API" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "Paste the service account's whole JSON key file (with client_email and private_key)",
    );
    expect(sent).toHaveLength(0);
    const file = JSON.stringify({
      client_email: "a@b.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----",
    });
    await user.clear(key);
    // userEvent.type reads braces as key names: paste the file as it would be pasted.
    key.focus();
    await user.paste(file);
    await user.click(screen.getByRole("button", { name: "Save KIE API" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]!.body).toMatchObject({ name: "Vertex", vendor: "vertex", token: file });
  });

  it("edits an account: its costs are prefilled, and a cleared one goes back to the default", async () => {
    await useLocale("en", "admin");
    const existing = account({ modelCosts: { veo3: 300, veo3_lite: 25 } });
    const { sent } = stubFetch({
      [`PUT /api/admin/kie-apis/${existing.id}`]: { body: { message: "KIE API saved", kieApi: existing } },
    });
    const onOpenChange = vi.fn();
    const { user } = renderWeb(<VendorAccountDialog account={existing} open onOpenChange={onOpenChange} />);
    expect(costField("veo3").value).toBe("300");
    expect(costField("veo3_fast").value).toBe("");
    expect(costField("veo3_lite").value).toBe("25");
    await user.clear(costField("veo3"));
    await user.click(screen.getByRole("button", { name: "Save KIE API" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent[0]!.body).toMatchObject({ vendor: "kie", token: existing.token, modelCosts: { veo3_lite: 25 } });
  });
});

describe("VendorAccountsCard", () => {
  it("shows each account's vendor and costs, and offers a balance check only for KIE", async () => {
    await useLocale("en", "admin");
    stubFetch({
      "GET /api/admin/kie-apis": {
        body: [
          account({ name: "Kie one", modelCosts: { veo3_fast: 70 } }),
          account({ id: "6f1c1a56-0000-4000-8000-0000000000a2", name: "Gem", vendor: "google" }),
        ],
      },
    });
    renderWeb(<VendorAccountsCard />);
    const kie = await screen.findByRole("listitem", { name: "KIE API Kie one" });
    expect(kie.textContent).toContain("KIE.ai");
    expect(kie.textContent).toContain(
      `Veo3 (Quality) ${defaultModelCost("veo3")} (default) / Veo3 Fast 70 / Veo3 Lite ${defaultModelCost("veo3_lite")} (default) / Kling 3.0`,
    );
    expect(within(kie).getByRole("button", { name: "Check balance of Kie one" })).toBeTruthy();
    const gem = screen.getByRole("listitem", { name: "KIE API Gem" });
    expect(gem.textContent).toContain("Google Gemini API");
    // Google makes the Veo models and Gemini Omni Flash only: its costs name no other.
    expect(gem.textContent).toContain(
      `Veo3 Lite ${defaultModelCost("veo3_lite")} (default) / Gemini Omni Flash ${defaultModelCost("omni_flash")} (default) per video`,
    );
    expect(gem.textContent).not.toContain("Kling");
    expect(within(gem).queryByRole("button", { name: "Check balance of Gem" })).toBeNull();
    expect(within(gem).getByRole("button", { name: "Edit Gem" })).toBeTruthy();
  });
});
