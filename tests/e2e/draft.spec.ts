/**
 * Drafts (issue 74 §3, decision 0178): the generator offers "Draft" with its lower price beside the
 * final's, the draft is made and charged at that price and shows a "Draft" badge; "Make it final"
 * in its details, after a confirmation of the charge, makes the final at full quality as a new
 * video. The in-app simulator finishes a video 1.5 s after it starts.
 */
import { expect, test } from "./fixtures.js";
import { expectToast } from "./helpers.js";
import { resolvePrices, webCost, type StoredPrices } from "../../src/shared/prices.js";
import { priceKeyOf, type ModelId } from "../../src/shared/catalogue.js";
import {
  chooseOption,
  createFundedUser,
  createVideoPanel,
  creditsText,
  detailsField,
  signInViaApi,
} from "./video-helpers.js";

const FINISHED = 30_000;

test("a Seedance 2 draft at its lower price, then 'Make it final' makes the 720p video", async ({ page, request }) => {
  test.setTimeout(120_000);
  // The prices the server charges now (GET /api/models), read with the arithmetic it charges with.
  const models = await request.get("/api/models");
  expect(models.status()).toBe(200);
  const view = (await models.json()) as {
    models: {
      id: ModelId;
      price: { cells: { resolution: string; audio: boolean; webCredits: number; apiCredits: number }[] };
    }[];
  };
  const stored: StoredPrices = {};
  for (const m of view.models)
    for (const cell of m.price.cells)
      stored[priceKeyOf(m.id, cell as never)] = { web: cell.webCredits, api: cell.apiCredits };
  const prices = resolvePrices(stored);
  const draftCost = webCost(prices, { model: "seedance2", resolution: "480p", durationSeconds: 5, audio: true });
  const finalCost = webCost(prices, { model: "seedance2", resolution: "720p", durationSeconds: 5, audio: true });
  expect(draftCost).toBeLessThan(finalCost);

  const username = await createFundedUser(request, "draft", 500);
  await signInViaApi(page, username);
  await page.goto("/generate");
  const form = createVideoPanel(page);
  await chooseOption(page, "Model", "Seedance 2");
  const prompt = "A paper crane unfolding on a wooden desk";
  await form.getByLabel("Prompt", { exact: true }).fill(prompt);

  const draftChoice = form.getByTestId("draft-choice");
  await expect(form.getByText(`Draft · ${creditsText(draftCost)} (final ${creditsText(finalCost)})`)).toBeVisible();
  await expect(form.getByTestId("generation-cost")).toHaveText(creditsText(finalCost));
  await draftChoice.check();
  await expect(form.getByTestId("generation-cost")).toHaveText(creditsText(draftCost));

  const sent = page.waitForRequest((r) => r.url().endsWith("/api/generate-video") && r.method() === "POST");
  await form.getByRole("button", { name: "Generate Video" }).click();
  expect((await sent).postDataJSON()).toMatchObject({ model: "seedance2", resolution: "720p", draft: true });
  await expectToast(page, "Video generation started", new RegExp(`${creditsText(draftCost)} used`));

  await page.goto("/my-creations");
  const card = page.getByRole("button", { name: `View details: ${prompt}` });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId("draft-badge")).toHaveCount(1);
  await card.click();
  const dialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(detailsField(dialog, "Status")).toHaveText("Completed", { timeout: FINISHED });

  await dialog.getByRole("button", { name: `Make it final (${creditsText(finalCost)})` }).click();
  const confirm = page.getByRole("dialog", { name: "Make it final" });
  await expect(confirm).toContainText(
    `A new video at full quality with Seedance 2 in 720p: the same prompt, seed and images as this draft. ${creditsText(finalCost)} will be charged.`,
  );
  const finalSent = page.waitForRequest((r) => /\/api\/videos\/[^/]+\/final$/.test(r.url()) && r.method() === "POST");
  await confirm.getByRole("button", { name: `Make it final for ${creditsText(finalCost)}` }).click();
  expect((await finalSent).headers()["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
  await expectToast(page, "Final video started", new RegExp(`${creditsText(finalCost)} used`));

  // The final is its own video beside the draft: two cards of the prompt, one of them a draft.
  await page.goto("/my-creations");
  await expect(page.getByRole("button", { name: `View details: ${prompt}` })).toHaveCount(2);
  await expect(page.getByTestId("draft-badge")).toHaveCount(1);
  await page
    .getByRole("button", { name: `View details: ${prompt}` })
    .first()
    .click();
  const finalDialog = page.getByRole("dialog", { name: "Video Details" });
  await expect(detailsField(finalDialog, "Status")).toHaveText("Completed", { timeout: FINISHED });
  await expect(finalDialog.getByTestId("make-final")).toHaveCount(0);
  await expect(finalDialog).toContainText("720p");
});
