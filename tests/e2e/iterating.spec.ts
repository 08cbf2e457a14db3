/**
 * Iterating (issue 71 §2, decision 0162), in English and Vietnamese at 1440x900 and 390x844: the
 * first screen of the form fits on a desktop, Generate included; every mode has its icon on a
 * phone; after Generate the prompt stays; two variants run at once in the feed of videos being
 * made, each with its stage and clock, then show side by side when done; axe finds nothing serious.
 */
import { expect, test } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";
import { createFundedUser, signInViaApi } from "./video-helpers.js";

/**
 * label-content-name-mismatch is left out, as in my-creations-filters.spec.ts: every video card is
 * named "View details: <prompt>" over its visible badges, and specs find cards by that name.
 */
const AXE = { disableRules: ["label-content-name-mismatch"] };

for (const locale of ["en-US", "vi-VN"]) {
  for (const { device, viewport } of [
    { device: "desktop", viewport: { width: 1440, height: 900 } },
    { device: "phone", viewport: { width: 390, height: 844 } },
  ]) {
    test.describe(`${locale} on a ${device} (${viewport.width}x${viewport.height})`, () => {
      test.use({ viewport, locale });

      test("keeps the prompt, runs two variants in the feed and shows them side by side", async ({ page, request }) => {
        test.setTimeout(90_000);
        const username = await createFundedUser(request, "iterate", 10);
        await signInViaApi(page, username);
        await page.goto("/generate");
        await expect(page.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
        const form = page.locator("form").filter({ has: page.locator("#prompt") });
        // Generate Video (the one button with the Ctrl/Cmd+Enter shortcut), in either language.
        const generate = form.locator("button[type=submit][aria-keyshortcuts]");
        await expect(generate).toBeEnabled();

        if (device === "desktop") {
          // The whole first screen of the form, Generate included, with nothing scrolled.
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          const box = (await generate.boundingBox())!;
          expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        } else {
          // Each mode shows its icon beside its label, none squeezed away.
          const modes = page.getByTestId("generation-mode").getByRole("radio");
          await expect(modes).toHaveCount(3);
          for (const mode of await modes.all()) {
            const icon = (await mode.locator("svg").boundingBox())!;
            expect(icon.width).toBeGreaterThanOrEqual(14);
            const button = (await mode.boundingBox())!;
            expect(icon.x).toBeGreaterThanOrEqual(button.x);
            expect(icon.x + icon.width).toBeLessThanOrEqual(button.x + button.width);
          }
        }

        const prompt = `Two takes of a kite over the dunes on a ${device} ${locale} [sim:slow]`;
        await form.locator("#prompt").fill(prompt);
        await page.getByTestId("variants-choice").getByRole("radio", { name: /^2\b/ }).click();
        await expect(page.getByTestId("generation-cost-variants")).toContainText("2");
        await generate.click();

        // Both variants are being made, each with its stage and its own clock.
        const feed = page.getByTestId("jobs-in-progress").getByRole("listitem");
        await expect(feed).toHaveCount(2);
        for (const job of await feed.all()) {
          await expect(job.getByRole("timer")).toHaveText(/^\d+:\d{2}$/);
          await expect(job.getByTestId("job-stage")).not.toBeEmpty();
        }
        // The prompt and the choices stay for the next try.
        await expect(form.locator("#prompt")).toHaveValue(prompt);
        await expect(page.getByTestId("variants-choice").getByRole("radio", { name: /^2\b/ })).toHaveAttribute(
          "aria-checked",
          "true",
        );
        await expectNoSeriousAxeFindings(page, AXE);

        // Done: the feed empties and the two videos are side by side (one above the other on a phone).
        await expect(page.getByTestId("variant-caption")).toHaveCount(2);
        await expect(page.getByTestId("jobs-in-progress")).toHaveCount(0, { timeout: 30_000 });
        const variants = page.getByTestId("variants").locator(":scope > li");
        await expect(variants).toHaveCount(2);
        await expect(variants.locator("video")).toHaveCount(2);
        const [a, b] = [(await variants.nth(0).boundingBox())!, (await variants.nth(1).boundingBox())!];
        if (device === "desktop") {
          expect(Math.abs(a.y - b.y)).toBeLessThan(2);
          expect(b.x).toBeGreaterThanOrEqual(a.x + a.width);
        } else {
          expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
        }
        await expectNoSeriousAxeFindings(page, AXE);
      });
    });
  }
}
