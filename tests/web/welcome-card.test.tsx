/**
 * The Welcome credits card of Settings > Sign-ups (issue 70): it shows the saved grant, saves its
 * own fields with the section's bar on PUT /api/admin/settings/sign-ups (blank credits: one Veo3
 * Fast video), and words a number the route would refuse beside its field, sending nothing.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminSettingsView } from "../../src/shared/schemas/settings";
import { SettingsSectionBody } from "@/features/admin/settings/settings-section-body";
import { SettingsSectionForm } from "@/features/admin/settings/section/settings-section-form";
import { WelcomeCard } from "@/features/admin/settings/welcome-card";
import { stubFetch } from "./fetch-stub";
import { SETTINGS } from "./settings-fixture";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

const STORED: AdminSettingsView = {
  ...SETTINGS,
  prices: { ...SETTINGS.prices, veo3_fast: { webCredits: 7, apiPrice: "10.00" } },
};

const ROUTE = "PUT /api/admin/settings/sign-ups";

/** The server: the sign-ups route answers as saved (what was sent is what these tests read). */
function server() {
  const stub = stubFetch({ [ROUTE]: { body: { message: "Sign-up settings updated", settings: STORED } } });
  return { ...stub, puts: () => stub.sent.filter((r) => r.method === "PUT") };
}

function renderCard(settings: AdminSettingsView = STORED) {
  return renderWeb(
    <SettingsSectionForm label="Sign-ups">
      <WelcomeCard settings={settings} />
    </SettingsSectionForm>,
  );
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const box = (label: string) => screen.getByRole<HTMLInputElement>("checkbox", { name: label });

describe("the Welcome credits card", () => {
  it("sits in the Sign-ups section, at its anchor", async () => {
    await useLocale("en", "admin");
    stubFetch({});
    renderWeb(<SettingsSectionBody section="sign-ups" settings={STORED} />);
    const card = screen.getByRole("region", { name: "Welcome credits" });
    expect(card.querySelector("h2")?.id).toBe("welcome-title");
  });

  it("shows the saved grant, blank credits as one Veo3 Fast video at today's price", async () => {
    await useLocale("en", "admin");
    server();
    renderCard(STORED);
    expect(
      screen.getByText(
        "Given once per person after their address is confirmed or they sign in with Google; never to throwaway addresses.",
      ),
    ).toBeTruthy();
    expect(box("Give new people welcome credits").checked).toBe(true);
    expect(field("Credits").value).toBe("");
    expect(field("Credits").placeholder).toBe("One Veo3 Fast video");
    expect(screen.getByText("Left blank: one Veo3 Fast video, 7 credits at today's prices.")).toBeTruthy();
    expect(field("Days they last").value).toBe("14");
    expect(field("Per client address a day").value).toBe("2");
    expect(field("Per network a day").value).toBe("5");
    expect(screen.getByText("Everything here is saved")).toBeTruthy();
    expect(box("Mark videos made with welcome credits: watermark, 720p").checked).toBe(false);
  });

  it("turns the marking of welcome videos on and off with the section's bar", async () => {
    await useLocale("en", "admin");
    const { puts } = server();
    const { user } = renderCard();
    const mark = box("Mark videos made with welcome credits: watermark, 720p");
    expect(
      screen.getByText(
        "They carry the site's name as a watermark and get no 1080p or 4K version; models that cannot carry a watermark are refused for them. Bought credits pay for those instead.",
      ),
    ).toBeTruthy();
    await user.click(mark);
    expect(mark.checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ welcomeVideosWatermarked: true, welcomeGrantEnabled: true });
  });

  it("saves its own fields on the sign-ups route with the section's bar", async () => {
    await useLocale("en", "admin");
    const { puts } = server();
    const { user } = renderCard();
    await user.type(field("Credits"), "10");
    await user.clear(field("Days they last"));
    await user.type(field("Days they last"), "7");
    await user.clear(field("Per network a day"));
    await user.type(field("Per network a day"), " 20 ");
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.url).toBe("/api/admin/settings/sign-ups");
    expect(puts()[0]!.body).toEqual({
      welcomeGrantEnabled: true,
      welcomeGrantCredits: "10",
      welcomeGrantDays: "7",
      welcomeGrantsPerAddress: "2",
      welcomeGrantsPerNetwork: "20",
      welcomeVideosWatermarked: false,
    });
  });

  it("sends blank credits as null (one Veo3 Fast video) and the switch turned off", async () => {
    await useLocale("en", "admin");
    const { puts } = server();
    const { user } = renderCard({ ...STORED, welcomeGrantCredits: 12 });
    expect(field("Credits").value).toBe("12");
    await user.clear(field("Credits"));
    await user.click(box("Give new people welcome credits"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ welcomeGrantEnabled: false, welcomeGrantCredits: null });
  });

  it("words a number the route refuses beside its field, and sends nothing", async () => {
    await useLocale("en", "admin");
    const { puts } = server();
    const { user } = renderCard();
    await user.type(field("Credits"), "1.5");
    await user.clear(field("Days they last"));
    await user.type(field("Days they last"), "400");
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    const credits = field("Credits");
    await waitFor(() => expect(document.activeElement).toBe(credits));
    expect(credits.getAttribute("aria-invalid")).toBe("true");
    const problemOf = (input: HTMLInputElement) =>
      document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(problemOf(credits)).toBe(
      "Enter a whole number of credits from 1 to 100,000, or leave it blank for one Veo3 Fast video.",
    );
    expect(problemOf(field("Days they last"))).toBe("Enter a whole number of days from 1 to 365.");
    expect(field("Per network a day").getAttribute("aria-invalid")).toBeNull();
    expect(document.body.textContent).not.toMatch(/welcomeGrant|must be a whole number/);
    expect(puts()).toEqual([]);

    // Typing again clears the field's problem; a number the route takes is saved.
    await user.clear(credits);
    await user.type(credits, "8");
    expect(credits.getAttribute("aria-invalid")).toBeNull();
    await user.clear(field("Days they last"));
    await user.type(field("Days they last"), "30");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ welcomeGrantCredits: "8", welcomeGrantDays: "30" });
  });
});
