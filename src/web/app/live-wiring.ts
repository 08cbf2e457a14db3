/**
 * The live stream's task news go to the videos feature (decision 0037: features/live knows no other
 * feature; the app composes them). Its code loads when the stream opens, not with the first page,
 * and only its handler's own module: the feature's index also carries words of the app's pages (a
 * refund row's wording), which the landing page's catalogue does not hold (bundle-budget.spec.ts).
 */
import { handleTaskEventsWith } from "@/features/live";

export function wireLiveUpdates(): void {
  handleTaskEventsWith(() => import("@/features/videos/live-task-events").then((m) => m.taskEventHandler));
}
