/**
 * A video that could not be made, as people read it (issue 71 §3, decision 0163): in the product's
 * words with what to do next, in English and Vietnamese, a declined prompt titled as one (the
 * "ready" toast and the tab's notice, the start's toast, the failed card), and the refund row in
 * the history worded the same, never the vendor's "flagged by Website".
 */
import type { ReactNode } from "react";
import { I18nProvider } from "@lingui/react";
import { act, renderHook, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { VideoTaskView } from "../../src/shared/videos";
import { ApiError, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { dismissToast, useToasts, type ToastItem } from "@/hooks/use-toast";
import { FailedVideoCard } from "@/features/videos/failed-video-card";
import { useFinishNotice } from "@/features/videos/use-finish-notice";
import { reportStartFailure } from "@/features/videos/video-start-outcome";
import "@/features/videos/video-failure-text";
import { TransactionHistory } from "@/features/payments/transaction-table";
import { stubFetch } from "./fetch-stub";
import { renderWeb, useLocale } from "./render";

const FLAGGED = "Your prompt was flagged by Website as violating content policies.";
const AUDIO = "The Google model was unable to generate audio";

const failed = (over: Partial<VideoTaskView> = {}): VideoTaskView => ({
  id: "row1",
  taskId: "task1",
  status: "failed",
  prompt: "A red fox in fresh snow",
  model: "veo3_fast",
  mode: "image",
  aspectRatio: "16:9",
  imageUrls: [],
  resultUrls: [],
  hdVideoUrl: null,
  hdStatus: "none",
  extendedFrom: null,
  uhdStatus: "none",
  uhdVideoUrl: null,
  uhdCredits: 0,
  uhdError: null,
  errorMessage: FLAGGED,
  failureKind: "refused",
  watermark: null,
  seeds: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  completedAt: "2026-11-20T10:02:00.000Z",
  creditsUsed: 2,
  createdVia: "web",
  refunded: true,
  videoExpired: false,
  isPublic: false,
  shareId: null,
  sharePromptHidden: false,
  durationSeconds: null,
  resolution: null,
  audio: null,
  ...over,
});

/** The toast on screen (one at a time: the newest replaces it), read from the app's own store. */
let shown: { current: ToastItem[] };
const toasted = (): ToastItem | undefined => shown.current.find((t) => t.open);

/** What a start the vendor refused answers (generate-submit.ts's `refusal`). */
const refusedStart = (failure: string, message: string) =>
  new ApiError(
    422,
    "",
    JSON.stringify({
      code: "unprocessable",
      reason: "video_refused",
      params: { failure, model: "Veo3 Fast", credits: 2, detail: FLAGGED },
      message,
    }),
  );

describe.each([
  {
    locale: "en" as const,
    declined: "Prompt declined",
    said: "Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words.",
    audio: "Veo3 Fast could not make the sound for this video. Add a sound cue to the prompt",
    failedTitle: "Your video could not be made",
    refunded: "Your 2 credits were refunded.",
    refundRow: "Refund for a declined prompt: Veo3 Fast declined this prompt under its content rules.",
  },
  {
    locale: "vi" as const,
    declined: "Prompt bị từ chối",
    said: "Veo3 Fast đã từ chối prompt này theo quy định nội dung của mình. Hãy thử mô tả cảnh bằng cách diễn đạt khác.",
    audio: "Veo3 Fast không tạo được âm thanh cho video này. Hãy thêm gợi ý âm thanh vào prompt",
    failedTitle: "Không thể tạo video của bạn",
    refunded: "Đã hoàn 2 credit cho bạn.",
    refundRow: "Hoàn credit cho prompt bị từ chối: Veo3 Fast đã từ chối prompt này",
  },
])("a video that could not be made ($locale)", (words) => {
  beforeEach(async () => {
    await useLocale(words.locale, "app");
    act(() => dismissToast());
    shown = renderHook(() => useToasts()).result;
  });

  it("the finish toast titles a declined prompt as one and says what to do next", () => {
    const { result } = renderHook(() => useFinishNotice(), {
      wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
    });
    act(() => result.current(failed()));
    expect(toasted()).toMatchObject({ title: words.declined, description: words.said, variant: "destructive" });
    // A prompt refused in words only (a status answer carries no failure kind) reads the same.
    act(() => result.current(failed({ failureKind: null })));
    expect(toasted()).toMatchObject({ title: words.declined, description: words.said });
    // A sound the model could not make is a failure, with the sound cue to add.
    act(() => result.current(failed({ failureKind: null, errorMessage: AUDIO })));
    expect(toasted()?.title).toBe(words.failedTitle);
    expect(toasted()?.description).toContain(words.audio);
    expect(toasted()?.description).not.toMatch(/Website|flagged|Google model/);
  });

  it("the start's toast titles a declined prompt as one, with the reason and the refund in the person's language", () => {
    const settle = vi.fn();
    const insufficientCredits = vi.fn();
    const english = `${words.said} Your 2 credits were refunded.`;
    act(() =>
      reportStartFailure(refusedStart("prompt_declined", english), {
        settle,
        insufficientCredits,
        failedTitle: "Generation failed",
      }),
    );
    expect(toasted()).toMatchObject({ title: words.declined, description: `${words.said} ${words.refunded}` });
    act(() =>
      reportStartFailure(refusedStart("english_only", "Veo3 Fast takes prompts in English only."), {
        settle,
        insufficientCredits,
        failedTitle: "Generation failed",
      }),
    );
    expect(toasted()?.title).toBe("Generation failed");
    expect(errorMessage(refusedStart("prompt_declined", english))).toBe(`${words.said} ${words.refunded}`);
  });

  it("the failed card reads as a declined prompt in our words", () => {
    renderWeb(<FailedVideoCard task={failed()} onOpen={() => {}} />);
    const card = screen.getByRole("button");
    expect(card.dataset.refused).toBe("true");
    expect(card.textContent).toContain(words.declined);
    expect(card.textContent).toContain(words.said);
    expect(card.textContent).not.toMatch(/Website|flagged/);
  });

  it("the history's refund row says why in the person's language", async () => {
    stubFetch({
      "GET /api/transactions": {
        body: {
          data: [
            {
              id: "r1",
              type: "refund",
              amount: 2,
              description:
                "Refund for a declined prompt: Veo3 Fast declined this prompt under its content rules. Try describing the scene in other words.",
              videoTaskId: "row1",
              packageId: null,
              paymentOrderId: null,
              createdAt: "2026-11-20T10:02:00.000Z",
              failure: { reason: "prompt_declined", model: "Veo3 Fast" },
            },
          ],
          total: 1,
        },
      },
    });
    renderWeb(<TransactionHistory />);
    // The row is cut at 60 characters; the whole sentence is its title.
    const cell = await screen.findByTitle((title) => title.startsWith(words.refundRow));
    expect(cell.getAttribute("title")).toContain(words.said);
  });
});
