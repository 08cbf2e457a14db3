import { describe, expect, it } from "vitest";
import { sameSiteUrl } from "@/lib/media-url";
import { playbackUrl, sdUrl } from "@/features/videos/video-display";

describe("our media on the page's own host", () => {
  it("turns our own full URLs (from PUBLIC_URL) into paths", () => {
    expect(sameSiteUrl("http://127.0.0.1:3000/uploads/abc.png")).toBe("/uploads/abc.png");
    expect(sameSiteUrl("https://veo.example/media/videos/0b6f3c1e.mp4?expires=1&signature=x")).toBe(
      "/media/videos/0b6f3c1e.mp4?expires=1&signature=x",
    );
    expect(sameSiteUrl("http://studio.lan:3000/simulator/kie/files/t1/clip.mp4")).toBe(
      "/simulator/kie/files/t1/clip.mp4",
    );
  });

  it("leaves the provider's links and paths as they are", () => {
    expect(sameSiteUrl("https://tempfile.aiquickdraw.com/v/21.mp4")).toBe("https://tempfile.aiquickdraw.com/v/21.mp4");
    expect(sameSiteUrl("/media/videos/x.mp4")).toBe("/media/videos/x.mp4");
    expect(sameSiteUrl(null)).toBeNull();
    expect(sameSiteUrl("")).toBeNull();
  });

  it("is what the player and the cards load", () => {
    const task = { resultUrls: ["http://127.0.0.1:3000/simulator/kie/files/t1/720p.mp4"], hdVideoUrl: null };
    expect(sdUrl(task)).toBe("/simulator/kie/files/t1/720p.mp4");
    expect(playbackUrl({ ...task, hdVideoUrl: "http://127.0.0.1:3000/media/videos/a.mp4" })).toBe(
      "/media/videos/a.mp4",
    );
  });
});
