/**
 * Prompt help (issue 71 §3, decision 0160), in English and Vietnamese at 1440x900 and 390x844: an
 * idea becomes a prompt written for Veo3 Fast by the built-in rules (its "SFX:" cue included), the
 * change is said and Undo brings the person's words back; a preset chip adds its words, shows as
 * applied and takes them off again; axe finds nothing serious with the help open.
 */
import { expect, test } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { createFundedUser, signInViaApi } from "./video-helpers.js";

const WORDS = {
  "en-US": { improve: "Improve prompt", undo: "Undo", presets: "Presets", camera: "Camera", orbit: "Orbit" },
  "vi-VN": {
    improve: "Cải thiện prompt",
    undo: "Hoàn tác",
    presets: "Mẫu có sẵn",
    camera: "Máy quay",
    orbit: "Quay vòng quanh",
  },
} as const;

for (const locale of ["en-US", "vi-VN"] as const) {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test.describe(`${locale} at ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport, locale });

      test("improves an idea for the model, undoes it, and adds and takes off a preset", async ({ page, request }) => {
        const words = WORDS[locale];
        const username = await createFundedUser(request, "prompthelp", 1);
        await signInViaApi(page, username);
        await page.goto("/generate");
        await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
        const prompt = page.locator("#prompt");
        const idea = "a dog on a beach";
        await prompt.fill(idea);

        // The built-in rules write for Veo3 Fast: the idea first, then camera, light and its sound cue.
        await page.getByRole("button", { name: words.improve, exact: true }).click();
        await expect(prompt).toHaveValue(/^A dog on a beach\.\n/);
        await expect(prompt).toHaveValue(/SFX: waves crashing/);
        await expect(page.getByRole("status").filter({ hasText: "Veo3 Fast" })).toHaveCount(1);
        const undo = page.getByRole("button", { name: words.undo, exact: true });
        await expect(undo).toBeVisible();
        await expectNoSeriousAxeFindings(page);
        await undo.click();
        await expect(prompt).toHaveValue(idea);
        await expect(undo).toHaveCount(0);

        // A camera chip adds its words, shows as applied, and takes them off.
        await page.getByRole("button", { name: words.presets, exact: true }).click();
        const orbit = page.getByRole("group", { name: words.camera }).getByRole("button", { name: words.orbit });
        await orbit.click();
        await expect(prompt).toHaveValue(`${idea}, the camera orbits slowly around the subject`);
        await expect(orbit).toHaveAttribute("aria-pressed", "true");
        await expect(page.getByRole("button", { name: `${words.presets} (1)` })).toBeVisible();
        await expectNoSeriousAxeFindings(page);
        await orbit.click();
        await expect(prompt).toHaveValue(idea);
        await expect(orbit).toHaveAttribute("aria-pressed", "false");
      });
    });
  }
}
