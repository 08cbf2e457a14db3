import { describe, expect, it } from "vitest";
import { toAutomationStatus } from "../../src/server/features/automation/video-status.js";

const task = {
  taskId: "veo_task_1",
  status: "generating",
  resultUrls: null as string[] | null,
  hdVideoUrl: null as string | null,
  hdStatus: "none",
  uhdVideoUrl: null as string | null,
  aspectRatio: "16:9",
  errorMessage: null as string | null,
  videoExpired: false,
};

describe("toAutomationStatus", () => {
  it("reports pending and generating as processing", () => {
    for (const status of ["pending", "generating"]) {
      expect(toAutomationStatus({ ...task, status }, 0)).toEqual({
        success: true,
        status: "processing",
        videoUrl: null,
        hdVideoUrl: null,
        videoUrl4k: null,
        resolution: null,
        message: "The video is being generated. Check again in 15-30 seconds.",
        taskId: "veo_task_1",
      });
    }
  });

  it("reports 720p until the 1080p file exists, then 1080p", () => {
    const done = { ...task, status: "completed", resultUrls: ["https://f/720.mp4"], hdStatus: "pending" };
    expect(toAutomationStatus(done, 0)).toMatchObject({
      success: true,
      status: "completed",
      videoUrl: "https://f/720.mp4",
      hdVideoUrl: null,
      videoUrl4k: null,
      resolution: "720p",
      message: "The 720p video is ready; the 1080p version is still being processed",
    });
    expect(toAutomationStatus({ ...done, aspectRatio: "9:16", hdStatus: "none" }, 0)).toMatchObject({
      resolution: "720p",
      message: "The video is ready in 720p",
    });
    expect(toAutomationStatus({ ...done, hdStatus: "failed" }, 0)).toMatchObject({
      resolution: "720p",
      message: "The video is ready in 720p",
    });
    expect(toAutomationStatus({ ...done, hdVideoUrl: "https://f/1080.mp4", hdStatus: "ready" }, 0)).toMatchObject({
      videoUrl: "https://f/720.mp4",
      hdVideoUrl: "https://f/1080.mp4",
      resolution: "1080p",
    });
    expect(
      toAutomationStatus(
        { ...done, hdVideoUrl: "https://f/1080.mp4", hdStatus: "ready", uhdVideoUrl: "https://f/4k.mp4" },
        0,
      ),
    ).toMatchObject({
      hdVideoUrl: "https://f/1080.mp4",
      videoUrl4k: "https://f/4k.mp4",
      resolution: "4k",
      message: "The video is ready in 4K",
    });
  });

  it("reports the resolution another model made the video in; Veo3's 720p whatever was asked", () => {
    const done = { ...task, status: "completed", resultUrls: ["https://f/v.mp4"] };
    for (const [model, resolution] of [
      ["kling3", "1080p"],
      ["kling3", "4k"],
      ["seedance2", "480p"],
      ["omni_flash", "360p"],
      ["hailuo23_pro", "768p"],
    ] as const) {
      expect(toAutomationStatus({ ...done, model, resolution }, 0), `${model} ${resolution}`).toMatchObject({
        videoUrl: "https://f/v.mp4",
        resolution,
        message: `The video is ready in ${resolution === "4k" ? "4K" : resolution}`,
      });
    }
    // Veo3's first file is 720p; its 1080p follows as a file of its own.
    expect(toAutomationStatus({ ...done, model: "veo3_fast", resolution: "1080p" }, 0)).toMatchObject({
      resolution: "720p",
      message: "The video is ready in 720p",
    });
  });

  it("reports a failure in our words with what to do next, a declined prompt titled as one, and the refund", () => {
    const failed = {
      ...task,
      status: "failed",
      model: "veo3_fast",
      errorMessage: "Your prompt was flagged by Website as violating content policies.",
    };
    expect(toAutomationStatus(failed, 5)).toEqual({
      success: false,
      status: "failed",
      videoUrl: null,
      hdVideoUrl: null,
      videoUrl4k: null,
      resolution: null,
      message:
        "Prompt declined: Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words. 5 credits were refunded.",
      taskId: "veo_task_1",
    });
    // Stored as refused (decision 0082) in words the patterns do not know: declined all the same.
    expect(
      toAutomationStatus({ ...failed, errorMessage: "Rejected upstream", failureKind: "refused" }, 1).message,
    ).toBe(
      "Prompt declined: Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words. 1 credit was refunded.",
    );
    expect(toAutomationStatus({ ...failed, errorMessage: "Internal Error, Please try again later." }, 2).message).toBe(
      "Video generation failed: The video service had a problem on its side. Please try again in a few minutes. 2 credits were refunded.",
    );
    expect(toAutomationStatus({ ...task, status: "failed", errorMessage: null }, 0).message).toBe(
      "Video generation failed: The video model could not make this video. Try again, or change the prompt a little. No credits were refunded.",
    );
  });
});
