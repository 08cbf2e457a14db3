/**
 * Fair use on the admin's pages (decision 0093): the settings card saves the default, and a
 * person's page shows their videos in flight and sets or clears their own limit.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminUserDetail } from "../../src/shared/schemas/admin-users";
import type { AdminSettingsView } from "../../src/shared/schemas/settings";
import { FairUseCard } from "@/features/admin/settings/fair-use-card";
import { SettingsSectionForm } from "@/features/admin/settings/section/settings-section-form";
import { UserInFlightCard } from "@/features/admin/user-page/user-in-flight";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const USER_ID = "6f1c1a56-0000-4000-8000-0000000000bb";

describe("the Fair Use card", () => {
  it("shows the default and saves a new one", async () => {
    await useLocale("en", "admin");
    const settings = { maxVideosInFlight: 5, updatedAt: "2026-11-25T10:00:00.000Z" } as AdminSettingsView;
    const { sent } = stubFetch({
      "PUT /api/admin/settings": {
        body: { message: "Settings updated", settings: { ...settings, maxVideosInFlight: 8 } },
      },
    });
    const { user } = renderWeb(
      <SettingsSectionForm label="Operations">
        <FairUseCard settings={settings} />
      </SettingsSectionForm>,
    );
    const input = screen.getByLabelText("Videos at once per person");
    expect((input as HTMLInputElement).value).toBe("5");
    await user.clear(input);
    await user.type(input, "8");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(sent.some((r) => r.method === "PUT")).toBe(true));
    expect(sent.find((r) => r.method === "PUT")!.body).toEqual({ maxVideosInFlight: "8" });
  });

  it("says beside the field what is wrong with a limit of 0, in the owner's words, and sends nothing", async () => {
    await useLocale("en", "admin");
    const settings = { maxVideosInFlight: 5, updatedAt: "2026-11-25T10:00:00.000Z" } as AdminSettingsView;
    const { sent } = stubFetch({});
    const { user } = renderWeb(
      <SettingsSectionForm label="Operations">
        <FairUseCard settings={settings} />
      </SettingsSectionForm>,
    );
    const input = screen.getByLabelText("Videos at once per person");
    await user.clear(input);
    await user.type(input, "0");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter a whole number of videos from 1 to 1000.");
    expect(document.activeElement).toBe(input);
    expect(sent.filter((r) => r.method === "PUT")).toEqual([]);
  });
});

describe("a person's videos at once", () => {
  const person = (inFlight: AdminUserDetail["inFlight"]) => ({ id: USER_ID, inFlight }) as AdminUserDetail;
  const saved = { message: "Limit updated", user: {} };

  it("shows how many are being made and sets their own limit", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({ [`PUT /api/admin/users/${USER_ID}/in-flight-limit`]: { body: saved } });
    const { user } = renderWeb(<UserInFlightCard user={person({ now: 2, own: null, default: 5 })} />);
    expect(screen.getByRole("status").textContent).toBe("2 videos of theirs are being made now.");
    expect(screen.getByLabelText<HTMLInputElement>("The default (5)").checked).toBe(true);
    const own = screen.getByLabelText("Their own limit of videos at once");
    expect((own as HTMLInputElement).disabled).toBe(true);

    await user.click(screen.getByRole("radio", { name: /Their own limit/ }));
    await user.clear(own);
    await user.type(own, "12");
    await user.click(screen.getByRole("button", { name: "Save Limit" }));
    await waitFor(() => expect(sent.some((r) => r.method === "PUT")).toBe(true));
    expect(sent.find((r) => r.method === "PUT")!.body).toEqual({ maxVideosInFlight: "12" });
  });

  it("goes back to the default with null", async () => {
    await useLocale("en", "admin");
    const { sent } = stubFetch({ [`PUT /api/admin/users/${USER_ID}/in-flight-limit`]: { body: saved } });
    const { user } = renderWeb(<UserInFlightCard user={person({ now: 1, own: 3, default: 5 })} />);
    expect(screen.getByRole("status").textContent).toBe("1 video of theirs is being made now.");
    expect(screen.getByLabelText<HTMLInputElement>("Their own limit of videos at once").value).toBe("3");
    await user.click(screen.getByLabelText("The default (5)"));
    await user.click(screen.getByRole("button", { name: "Save Limit" }));
    await waitFor(() => expect(sent.some((r) => r.method === "PUT")).toBe(true));
    expect(sent.find((r) => r.method === "PUT")!.body).toEqual({ maxVideosInFlight: null });
  });
});
