/**
 * The admin's model ids (issue 74 §1, decision 0174): the card lists each model's id per vendor with
 * its default, state, last check and whether it is usable; the dialog saves an id or the default with
 * a reason and shows the vendor's check; the overview names a retired id with a link to the card.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminOverview } from "../../src/shared/schemas/admin-overview";
import type { VendorModelMapping } from "../../src/shared/schemas/admin-vendor-models";
import { VendorModelAlerts } from "@/features/admin/overview/vendor-model-alerts";
import { VendorModelsCard } from "@/features/admin/vendors/vendor-models-card";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const mapping = (over: Partial<VendorModelMapping>): VendorModelMapping => ({
  model: "veo3_fast",
  modelLabel: "Veo3 Fast",
  vendor: "google",
  vendorModelId: "veo-3.1-fast-generate-preview",
  defaultVendorModelId: "veo-3.1-fast-generate-preview",
  overridden: false,
  state: "active",
  check: { status: "ok", message: null, checkedAt: "2026-11-29T08:00:00.000Z" },
  usable: true,
  ...over,
});

const kieFast = mapping({ vendor: "kie", vendorModelId: "veo3_fast", defaultVendorModelId: "veo3_fast" });
const googleFastGone = mapping({
  check: {
    status: "gone",
    message: "models/veo-3.1-fast-generate-preview is no longer available",
    checkedAt: "2026-11-29T08:00:00.000Z",
  },
  usable: false,
});
const googleLite = mapping({
  model: "veo3_lite",
  modelLabel: "Veo3 Lite",
  vendorModelId: "veo-3.1-lite-custom",
  defaultVendorModelId: "veo-3.1-lite-generate-preview",
  overridden: true,
  state: "deactivated",
  check: { status: "unchecked", message: null, checkedAt: null },
  usable: false,
});

afterEach(() => vi.unstubAllGlobals());

describe("VendorModelsCard", () => {
  it("lists each model's id per vendor: default or override, state, check, and whether customers see it", async () => {
    await useLocale("en", "admin");
    stubFetch({ "GET /api/admin/vendor-models": { body: { mappings: [kieFast, googleFastGone, googleLite] } } });
    renderWeb(<VendorModelsCard />);

    const kie = await screen.findByRole("listitem", { name: "Veo3 Fast at KIE.ai" });
    expect(kie.textContent).toContain("veo3_fast (default)");
    expect(kie.textContent).toContain("Check OK");
    expect(kie.textContent).toContain("Usable");
    expect(kie.textContent).not.toContain("hidden from customers");

    const gone = screen.getByRole("listitem", { name: "Veo3 Fast at Google Gemini API" });
    expect(gone.textContent).toContain("No longer available");
    expect(gone.textContent).toContain("models/veo-3.1-fast-generate-preview is no longer available");
    expect(gone.textContent).toContain("Not usable");
    // KIE still makes Veo3 Fast, so customers keep it.
    expect(gone.textContent).not.toContain("hidden from customers");

    const lite = screen.getByRole("listitem", { name: "Veo3 Lite at Google Gemini API" });
    expect(lite.textContent).toContain("veo-3.1-lite-custom (default: veo-3.1-lite-generate-preview)");
    expect(lite.textContent).toContain("Deactivated: never used");
    expect(lite.textContent).toContain("Not checked");
    expect(lite.textContent).toContain("No vendor can make Veo3 Lite now: it is hidden from customers.");
  });

  it("saves a new id with a reason, then shows the vendor's check", async () => {
    await useLocale("en", "admin");
    const after = mapping({ vendorModelId: "gemini-omni-1.1-flash", overridden: true });
    const { sent } = stubFetch({
      "GET /api/admin/vendor-models": { body: { mappings: [kieFast, googleFastGone] } },
      "PUT /api/admin/vendor-models/veo3_fast/google": { body: after },
    });
    const { user } = renderWeb(<VendorModelsCard />);
    await user.click(await screen.findByRole("button", { name: "Edit Veo3 Fast at Google Gemini API" }));
    const dialog = screen.getByRole("dialog");
    const useDefault = within(dialog).getByLabelText<HTMLInputElement>(
      "Use the default (veo-3.1-fast-generate-preview)",
    );
    expect(useDefault.checked).toBe(true);
    await user.click(useDefault);
    const id = within(dialog).getByLabelText<HTMLInputElement>("Model id at Google Gemini API");
    await user.clear(id);
    await user.type(id, "gemini-omni-1.1-flash");

    // No reason: refused here, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Give a reason of at least 3 characters.");
    expect(sent.filter((s) => s.method === "PUT")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Reason"), "Google retired the preview ids");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const status = await within(dialog).findByRole("status");
    expect(status.textContent).toContain("Saved: Veo3 Fast at Google Gemini API now uses gemini-omni-1.1-flash.");
    expect(status.textContent).toContain("Check OK");
    expect(sent.find((s) => s.method === "PUT")!.body).toEqual({
      vendorModelId: "gemini-omni-1.1-flash",
      state: "active",
      reason: "Google retired the preview ids",
    });
  });

  it("goes back to the default (null) and shows a check that found the id gone", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({
      "GET /api/admin/vendor-models": { body: { mappings: [googleLite] } },
      "PUT /api/admin/vendor-models/veo3_lite/google": {
        body: mapping({
          model: "veo3_lite",
          modelLabel: "Veo3 Lite",
          vendorModelId: "veo-3.1-lite-generate-preview",
          defaultVendorModelId: "veo-3.1-lite-generate-preview",
          state: "deprecated",
          check: {
            status: "gone",
            message: "is no longer available",
            checkedAt: "2026-11-29T09:00:00.000Z",
          },
          usable: false,
        }),
      },
    });
    const { user } = renderWeb(<VendorModelsCard />);
    await user.click(await screen.findByRole("button", { name: "Edit Veo3 Lite at Google Gemini API" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByLabelText<HTMLInputElement>("Model id at Google Gemini API").value).toBe(
      "veo-3.1-lite-custom",
    );
    await user.click(within(dialog).getByLabelText("Use the default (veo-3.1-lite-generate-preview)"));
    expect(within(dialog).getByLabelText<HTMLInputElement>("Model id at Google Gemini API").disabled).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText("State"), "deprecated");
    await user.type(within(dialog).getByLabelText("Reason"), "back to Google's id");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const status = await within(dialog).findByRole("status");
    expect(status.textContent).toContain("No longer available");
    expect(status.textContent).toContain("is no longer available");
    expect(status.textContent).toContain("This id is not usable: no video is sent to it.");
    expect(sent.find((s) => s.method === "PUT")!.body).toEqual({
      vendorModelId: null,
      state: "deprecated",
      reason: "back to Google's id",
    });
  });

  it("lets only the state of a KIE Veo model change: KIE names those itself", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({
      "GET /api/admin/vendor-models": { body: { mappings: [kieFast] } },
      "PUT /api/admin/vendor-models/veo3_fast/kie": { body: { ...kieFast, state: "deprecated" } },
    });
    const { user } = renderWeb(<VendorModelsCard />);
    await user.click(await screen.findByRole("button", { name: "Edit Veo3 Fast at KIE.ai" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain(
      "KIE.ai names its Veo models itself (veo3_fast): only the state can change here.",
    );
    expect(within(dialog).queryByLabelText("Model id at KIE.ai")).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText("State"), "deprecated");
    await user.type(within(dialog).getByLabelText("Reason"), "prefer Google for now");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await within(dialog).findByRole("status");
    expect(sent.find((s) => s.method === "PUT")!.body).toEqual({
      vendorModelId: null,
      state: "deprecated",
      reason: "prefer Google for now",
    });
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    await useLocale("en", "admin");
    stubFetch({
      "GET /api/admin/vendor-models": { body: { mappings: [googleFastGone] } },
      "PUT /api/admin/vendor-models/veo3_fast/google": {
        status: 400,
        body: { code: "invalid_input", message: "Give a reason of at least 3 characters" },
      },
    });
    const { user } = renderWeb(<VendorModelsCard />);
    await user.click(await screen.findByRole("button", { name: "Edit Veo3 Fast at Google Gemini API" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason"), "x  y  z");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toContain("Give a reason of at least 3 characters"),
    );
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>("Reason").value).toBe("x  y  z");
  });

  it("reads in Vietnamese", async () => {
    await useLocale("vi", "admin");
    stubFetch({ "GET /api/admin/vendor-models": { body: { mappings: [googleLite] } } });
    renderWeb(<VendorModelsCard />);
    const row = await screen.findByRole("listitem", { name: "Veo3 Lite tại Google Gemini API" });
    expect(row.textContent).toContain("Đã tắt: không bao giờ dùng");
    expect(row.textContent).toContain("Không dùng được");
    expect(row.textContent).toContain("(mặc định: veo-3.1-lite-generate-preview)");
    expect(row.textContent).toContain(
      "Hiện không nhà cung cấp nào tạo được Veo3 Lite: mô hình này đang bị ẩn với khách hàng.",
    );
    expect(within(row).getByRole("button", { name: "Sửa Veo3 Lite tại Google Gemini API" })).toBeTruthy();
  });
});

describe("VendorModelAlerts", () => {
  it("names each retired or failing id on the overview and links to the card", async () => {
    await useLocale("en", "admin");
    const problems: AdminOverview["vendorModelProblems"] = [
      {
        vendor: "google",
        model: "veo3_fast",
        vendorModelId: "veo-3.1-fast-generate-preview",
        message: "Google: veo-3.1-fast-generate-preview is no longer available",
      },
    ];
    renderWeb(<VendorModelAlerts problems={problems} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(
      "Google Gemini API: veo-3.1-fast-generate-preview (Veo3 Fast) failed its check",
    );
    expect(alert.textContent).toContain("“Google: veo-3.1-fast-generate-preview is no longer available”");
    expect(within(alert).getByRole("link", { name: "Change the model id" }).getAttribute("href")).toBe(
      "/admin/settings/models#vendor-models-title",
    );
  });

  it("shows nothing when every id is well, or the server is older", () => {
    const { container } = renderWeb(<VendorModelAlerts problems={[]} />);
    expect(container.textContent).toBe("");
    renderWeb(<VendorModelAlerts problems={undefined} />);
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
