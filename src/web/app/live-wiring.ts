/**
 * The live stream's task news go to the videos feature (decision 0037: features/live knows no other
 * feature; the app composes them). Its code loads when the stream opens, not with the first page.
 */
import { handleTaskEventsWith } from "@/features/live";

export function wireLiveUpdates(): void {
  handleTaskEventsWith(() => import("@/features/videos").then((m) => m.taskEventHandler));
}
