/**
 * Explore's feed (issue 72, decision 0165): the server's cursor behind Load more, and clear words
 * when nothing is published yet and when the owner turned Explore off.
 */
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ExploreVideo } from "../../src/shared/schemas/explore";
import { ExploreFeed } from "@/features/explore/explore-feed";
import type { ExploreFilters } from "@/features/explore/explore-filters";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const FILTERS: ExploreFilters = { sort: "newest", model: null, shape: null, report: null };

const video = (id: string): ExploreVideo => ({
  id,
  videoUrl: `/media/videos/${id}.mp4`,
  posterUrl: `/media/posters/${id}.jpg`,
  prompt: `Prompt ${id}`,
  model: "veo3_fast",
  mode: "text",
  aspectRatio: "16:9",
  durationSeconds: 8,
  resolution: "720p",
  audio: true,
  remixCount: 0,
  featured: false,
  publishedAt: "2026-11-29T10:00:00.000Z",
});

beforeEach(() => useLocale("en", "app"));

describe("the feed", () => {
  it("loads the next page with the server's cursor", async () => {
    const { sent } = stubFetch({
      "GET /api/explore?sort=newest": { body: { enabled: true, videos: [video("a1")], nextCursor: "c-2" } },
      "GET /api/explore?sort=newest&cursor=c-2": { body: { enabled: true, videos: [video("b2")], nextCursor: null } },
    });
    const { user } = renderWeb(<ExploreFeed filters={FILTERS} filtered={false} onReport={() => {}} />);
    expect(await screen.findByRole("link", { name: "Prompt a1" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("link", { name: "Prompt b2" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
    expect(sent.map((r) => r.url)).toEqual(["/api/explore?sort=newest", "/api/explore?sort=newest&cursor=c-2"]);
  });

  it("says when nothing is published yet, and when Explore is off", async () => {
    stubFetch({ "GET /api/explore": { body: { enabled: true, videos: [], nextCursor: null } } });
    const { unmount } = renderWeb(<ExploreFeed filters={FILTERS} filtered={false} onReport={() => {}} />);
    expect(await screen.findByRole("heading", { name: "Nothing here yet" })).toBeTruthy();
    unmount();
    stubFetch({ "GET /api/explore": { body: { enabled: false, videos: [], nextCursor: null } } });
    renderWeb(<ExploreFeed filters={FILTERS} filtered={false} onReport={() => {}} />);
    expect(await screen.findByRole("heading", { name: "Explore is off" })).toBeTruthy();
  });
});
