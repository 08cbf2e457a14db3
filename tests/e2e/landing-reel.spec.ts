/**
 * The landing page's reel and hero (issue 72, decision 0166), measured in the browser: 1 to 6
 * chosen videos lay out balanced at 1440 and 390 px (no tile alone at one side; 1 one wide, 2
 * halves, 4 two by two, 5 three and two centred), the hero's video fills the hero's width behind
 * its words with a real poster, each tile's poster is a real frame, and the community's featured
 * videos show in their own row only when there are some. The showcase's and Explore's answers
 * are given by the test (the sample clips and their committed frames, served by the app) so each
 * count can be laid out; the server's own answers are covered by the integration tests and
 * showcase.spec.ts.
 */
import { expect, test, type Page } from "./fixtures.js";
import { expectNoSeriousAxeFindings } from "./accessibility.js";

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const WORDS = {
  en: { examples: "Example videos", featured: "Featured video", community: "From the community" },
  vi: { examples: "Video mẫu", featured: "Video nổi bật", community: "Từ cộng đồng" },
} as const;

type Shape = "16:9" | "9:16";

function clip(index: number, shape: Shape = "16:9") {
  const name = `sample-${(index % 3) + 1}-${shape === "16:9" ? "16x9" : "9x16"}-720p`;
  return { videoUrl: `/media/showcase/${name}.mp4`, posterUrl: `/media/showcase/${name}.jpg` };
}

/** The showcase as the server sends it with `count` chosen videos (their files the sample clips). */
function showcaseOf(count: number, shapes: Shape[] = []) {
  return {
    source: "chosen",
    videos: Array.from({ length: count }, (_, i) => ({
      id: `chosen-${i + 1}`,
      ...clip(i, shapes[i] ?? "16:9"),
      prompt: `A chosen video number ${i + 1}, lanterns drifting over a river at dusk`,
      caption: null,
      model: "veo3_fast",
      aspectRatio: shapes[i] ?? "16:9",
      sample: false,
    })),
    modelSamples: [],
  };
}

function featuredOf(count: number) {
  return {
    enabled: true,
    nextCursor: null,
    videos: Array.from({ length: count }, (_, i) => ({
      id: `shared${i + 1}`,
      ...clip(i + 1),
      prompt: `A community video number ${i + 1}, a fox in the snow`,
      model: "kling3",
      mode: "text",
      aspectRatio: "16:9",
      durationSeconds: 5,
      resolution: "720p",
      audio: true,
      remixCount: i,
      featured: true,
      publishedAt: new Date(Date.UTC(2026, 10, 1 + i)).toISOString(),
    })),
  };
}

async function answer(page: Page, showcase: object, featured: object) {
  await page.route("**/api/showcase", (route) => route.fulfill({ json: showcase }));
  await page.route("**/api/explore?*", (route) => route.fulfill({ json: featured }));
}

type Box = { x: number; y: number; width: number; height: number };

/** The list's box and its tiles' boxes, read at one moment (a layout shift between reads would mislead). */
async function tileBoxes(page: Page, list: string): Promise<{ list: Box; tiles: Box[] }> {
  const ul = page.getByRole("list", { name: list });
  await page.waitForLoadState("networkidle");
  return ul.evaluate((element) => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
    };
    return { list: box(element), tiles: [...element.children].map(box) };
  });
}

/** The tiles' rows, top to bottom: the tiles sharing a top edge. */
function rowsOf(tiles: Box[]): Box[][] {
  const rows = new Map<number, Box[]>();
  for (const tile of tiles) {
    const key = [...rows.keys()].find((top) => Math.abs(top - tile.y) < 2) ?? tile.y;
    rows.set(key, [...(rows.get(key) ?? []), tile]);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row.sort((a, b) => a.x - b.x));
}

/** Each row is centred in the list: as much room on its left as on its right. */
function expectCentred(list: Box, rows: Box[][]): void {
  for (const row of rows) {
    const left = row[0]!.x - list.x;
    const right = list.x + list.width - (row.at(-1)!.x + row.at(-1)!.width);
    expect(Math.abs(left - right), `a row of ${row.length} is centred`).toBeLessThan(3);
  }
}

const EXPECTED_ROWS: Record<number, { desktop: number[]; phone: number[] }> = {
  1: { desktop: [1], phone: [1] },
  2: { desktop: [2], phone: [1, 1] },
  4: { desktop: [2, 2], phone: [1, 1, 1, 1] },
  5: { desktop: [3, 2], phone: [1, 1, 1, 1, 1] },
};

for (const count of [1, 2, 4, 5]) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`${count} chosen videos lay out as a balanced reel (${size})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, reducedMotion: "no-preference" });
      const page = await context.newPage();
      try {
        await answer(page, showcaseOf(count), featuredOf(0));
        await page.goto("/");
        const tiles = page.getByRole("list", { name: WORDS.en.examples }).locator(":scope > li");
        await expect(tiles).toHaveCount(count);
        const { list, tiles: boxes } = await tileBoxes(page, WORDS.en.examples);
        const rows = rowsOf(boxes);
        expect(rows.map((r) => r.length)).toEqual(EXPECTED_ROWS[count]![size]);
        expectCentred(list, rows);
        // Tiles of a reel are the same size, and one alone is wide: more than half the list.
        for (const box of boxes) expect(Math.abs(box.width - boxes[0]!.width)).toBeLessThan(2);
        if (count === 1 || size === "phone") expect(boxes[0]!.width).toBeGreaterThan(list.width * 0.6);
        // Every tile shows its real frame before anything plays, and nothing is fetched of the video.
        for (let i = 0; i < count; i++) {
          const video = tiles.nth(i).locator("video");
          await expect(video).toHaveAttribute("poster", clip(i).posterUrl);
          await expect(video).toHaveAttribute("preload", "none");
        }
        // No sideways scrolling.
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
        }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
      } finally {
        await context.close();
      }
    });
  }
}

test("a portrait video fits its tile whole, on a blurred copy of its frame", async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: "no-preference" });
  const page = await context.newPage();
  try {
    await answer(page, showcaseOf(3, ["16:9", "9:16", "16:9"]), featuredOf(0));
    await page.goto("/");
    const portrait = page.getByRole("list", { name: WORDS.en.examples }).locator(":scope > li").nth(1);
    const video = portrait.locator("video");
    await expect(video).toHaveCSS("object-fit", "contain");
    const videoBox = (await video.boundingBox())!;
    const tileBox = (await portrait.boundingBox())!;
    expect(videoBox.width).toBeLessThanOrEqual(tileBox.width + 1);
    await expect(portrait.locator("img[aria-hidden=true]")).toHaveAttribute("src", clip(1, "9:16").posterUrl);
  } finally {
    await context.close();
  }
});

for (const language of ["en", "vi"] as const) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`the hero's video fills the hero behind its words, and the community's row shows (${language}, ${size})`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({
        viewport,
        locale: language === "vi" ? "vi-VN" : "en-US",
        reducedMotion: "no-preference",
      });
      const page = await context.newPage();
      try {
        await answer(page, showcaseOf(4), featuredOf(5));
        await page.goto("/");
        const w = WORDS[language];
        const hero = page.getByRole("figure", { name: w.featured });
        const video = hero.locator("video");
        await expect(video).toHaveAttribute("poster", clip(0).posterUrl);
        await expect(video).toHaveJSProperty("muted", true);
        await expect(video).toHaveJSProperty("loop", true);
        await expect(video).toHaveAttribute("playsinline", "");
        await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).paused)).toBe(false);
        // Full-bleed: the video spans the hero's whole width, behind the heading.
        const section = page.locator("section[aria-labelledby=hero-title]");
        const sectionBox = (await section.boundingBox())!;
        const videoBox = (await video.boundingBox())!;
        const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
        expect(Math.abs(videoBox.width - sectionBox.width)).toBeLessThan(2);
        expect(Math.abs(videoBox.x - sectionBox.x)).toBeLessThan(2);
        expect(videoBox.width).toBeGreaterThanOrEqual(viewport.width - 20);
        expect(heading.y).toBeGreaterThanOrEqual(videoBox.y);
        expect(heading.y + heading.height).toBeLessThanOrEqual(videoBox.y + videoBox.height);
        // The pause button stays, and pauses it.
        await hero.getByRole("button").click();
        await expect(video).toHaveJSProperty("paused", true);

        // From the community: the featured videos, each linking to its page, with its poster.
        const community = page.getByRole("region", { name: w.community });
        const tiles = community.getByRole("listitem");
        await expect(tiles).toHaveCount(5);
        await expect(tiles.first().getByRole("link")).toHaveAttribute("href", "/v/shared1");
        await expect(tiles.first().locator("video")).toHaveAttribute("poster", clip(1).posterUrl);
        const { list, tiles: boxes } = await tileBoxes(
          page,
          (await community.getByRole("list").getAttribute("aria-label")) ?? "",
        );
        const rows = rowsOf(boxes);
        expect(rows.map((r) => r.length)).toEqual(size === "desktop" ? [3, 2] : [1, 1, 1, 1, 1]);
        expectCentred(list, rows);
        if (size === "desktop") {
          // Hovering plays a muted preview; leaving pauses it.
          const first = tiles.first().locator("video");
          await tiles.first().hover();
          await expect.poll(() => first.evaluate((v) => (v as HTMLVideoElement).paused)).toBe(false);
          await page.mouse.move(0, 0);
          await expect(first).toHaveJSProperty("paused", true);
        }
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
        }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
        await expectNoSeriousAxeFindings(page, { include: ["main"] });
      } finally {
        await context.close();
      }
    });
  }
}

test("with reduced motion the hero's poster stands still, and its play button stays", async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: "reduce" });
  const page = await context.newPage();
  try {
    await answer(page, showcaseOf(2), featuredOf(0));
    await page.goto("/");
    const hero = page.getByRole("figure", { name: WORDS.en.featured });
    const video = hero.locator("video");
    await expect(video).toHaveAttribute("data-reduced-motion", "");
    await expect(video).toHaveAttribute("poster", clip(0).posterUrl);
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).not.toHaveAttribute("autoplay", /.*/);
    await expect(video).toHaveJSProperty("paused", true);
    await expect(hero.getByRole("button", { name: "Play the featured video" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("no community row when nothing is featured, or when Explore is off", async ({ page }) => {
  await answer(page, showcaseOf(1), { enabled: false, videos: featuredOf(2).videos, nextCursor: null });
  await page.goto("/");
  await expect(page.getByRole("list", { name: WORDS.en.examples }).locator(":scope > li")).toHaveCount(1);
  await expect(page.getByRole("region", { name: WORDS.en.community })).toHaveCount(0);
  await page.unroute("**/api/explore?*");
  await page.route("**/api/explore?*", (route) => route.fulfill({ json: featuredOf(0) }));
  await page.reload();
  await expect(page.getByRole("list", { name: WORDS.en.examples }).locator(":scope > li")).toHaveCount(1);
  await expect(page.getByRole("region", { name: WORDS.en.community })).toHaveCount(0);
});
