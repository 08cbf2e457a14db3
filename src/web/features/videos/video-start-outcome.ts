import type { CurrentUser } from "../../../shared/schemas/auth";
import { toast } from "@/hooks/use-toast";
import { ApiError, errorMessage } from "@/lib/api";
import { withBalance } from "@/lib/credit-split";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { invalidateVideoTasks } from "./task-list-queries";
import { isDeclined, VIDEO_FAILURES, type VideoFailure } from "../../../shared/video-failures";
import { failureTitle } from "./video-failure-text";

/** The balance the server answered with, shown at once (before the current user is read again). */
export function showRemainingCredits(remainingCredits: number): void {
  // Without the split of the balance it had (decision 0151): it is read again with the user.
  queryClient.setQueryData<CurrentUser | null>(queryKeys.currentUser, (user) =>
    user ? withBalance(user, remainingCredits) : user,
  );
}

/**
 * After a start, accepted or not, the lists and the balance are read again: a refused video is
 * refunded at once, and a refused extension may mean its video changed meanwhile (its 1080p asked
 * for) or was refunded; both show as they are now.
 */
export function refreshTasksAndCredits(): void {
  void invalidateVideoTasks();
  void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
}

/**
 * A start that failed: 402 is the generator's 'Insufficient credits' (then /pricing), any other
 * refusal shows the server's message under `failedTitle`.
 */
export function reportStartFailure(
  error: Error,
  {
    settle,
    insufficientCredits,
    failedTitle,
  }: { settle: () => void; insufficientCredits: (message: string) => void; failedTitle: string },
): void {
  // The server answered: this request is decided. Without an answer it may have run, so a resend keeps the key.
  if (error instanceof ApiError) settle();
  if (error instanceof ApiError && error.code === "insufficient_credits") {
    insufficientCredits(errorMessage(error));
  } else {
    toast({
      // A prompt the vendor declined for its content is titled as one (decision 0163).
      title: isDeclinedStart(error) ? failureTitle(true) : failedTitle,
      description: errorMessage(error),
      variant: "destructive",
    });
  }
  refreshTasksAndCredits();
}

/** A start the vendor refused for the prompt's (or an image's) content. */
function isDeclinedStart(error: Error): boolean {
  if (!(error instanceof ApiError) || error.reason !== "video_refused") return false;
  const failure = error.params.failure;
  return (VIDEO_FAILURES as readonly unknown[]).includes(failure) && isDeclined(failure as VideoFailure);
}
