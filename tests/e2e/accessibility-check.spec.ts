/**
 * The axe check every accessibility test shares (accessibility.ts) still finds what it is for:
 * asked for violations alone, axe reports each planted fault, and only within the part of the page
 * it is told to look at.
 */
import { seriousAxeFindings } from "./accessibility.js";
import { expect, test } from "./fixtures.js";

const FAULTS = `<section id="planted">
  <p style="color:#eee;background:#fff">Faint words</p>
  <img src="/no-such-picture.png">
  <button></button>
</section>`;

test("the shared axe check reports planted faults, and only where it looks", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("main")).toBeVisible();
  expect(await seriousAxeFindings(page)).toEqual([]);

  await page.locator("main").evaluate((main, html) => main.insertAdjacentHTML("beforeend", html), FAULTS);
  const found = await seriousAxeFindings(page);
  expect(found.map((line) => line.split(" ")[0]).sort()).toEqual(["button-name", "color-contrast", "image-alt"]);
  expect(found.join("\n")).toContain("#planted");

  expect(await seriousAxeFindings(page, { include: ["header"] })).toEqual([]);
  expect(await seriousAxeFindings(page, { include: ["#planted"], rules: ["color-contrast"] })).toEqual([
    expect.stringMatching(/^color-contrast \(serious\): #planted > p$/),
  ]);
});
