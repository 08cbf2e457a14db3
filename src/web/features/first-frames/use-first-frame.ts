import { useEffect, useRef, useState } from "react";
import { t } from "@lingui/core/macro";
import type { AspectRatio } from "../../../shared/catalogue";
import type { FirstFrameView } from "../../../shared/schemas/first-frames";
import { errorMessage } from "@/lib/api";
import { readFirstFrame, startFirstFrame } from "./first-frame-api";

/** How often a first frame being made is read (the server's worker asks the image model). */
const POLL_MS = 1_500;

export type FirstFrameState =
  { phase: "idle" } | { phase: "making"; startedAt: number } | { phase: "failed"; message: string };

/** A failed first frame in the person's words: refunded always, a refusal told apart. */
function failureText(frame: Pick<FirstFrameView, "failureKind" | "creditsUsed">): string {
  return frame.failureKind === "refused"
    ? t`The image model declined this prompt under its content rules. Your credits were refunded. Describe the scene differently and try again.`
    : t`The image could not be made. Your credits were refunded. Please try again in a few minutes.`;
}

/**
 * Starts a first frame and follows it until it is made (`onMade` gets its address, an upload of
 * the person's) or failed (one line, refunded). Leaving the page stops the polling, not the image.
 */
export function useFirstFrame(onMade: (imageUrl: string) => void) {
  const [state, setState] = useState<FirstFrameState>({ phase: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const made = useRef(onMade);
  useEffect(() => {
    made.current = onMade;
  }, [onMade]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const follow = (id: string) => {
    timer.current = setTimeout(() => {
      readFirstFrame(id).then(
        (frame) => {
          if (frame.status === "generating") return follow(id);
          if (frame.status === "completed" && frame.imageUrl) {
            setState({ phase: "idle" });
            made.current(frame.imageUrl);
          } else setState({ phase: "failed", message: failureText(frame) });
        },
        // A lost answer is asked again: the image is still being made on the server.
        () => follow(id),
      );
    }, POLL_MS);
  };

  const start = async (prompt: string, aspectRatio: AspectRatio) => {
    clearTimeout(timer.current);
    setState({ phase: "making", startedAt: Date.now() });
    try {
      const { firstFrame } = await startFirstFrame({ prompt, aspectRatio });
      follow(firstFrame.id);
    } catch (error) {
      setState({ phase: "failed", message: errorMessage(error) });
    }
  };

  return { state, start, reset: () => setState({ phase: "idle" }) };
}
