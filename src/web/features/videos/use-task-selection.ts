import { useCallback, useState } from "react";
import type { VideoTaskView } from "../../../shared/videos";

/**
 * Which task the details dialog shows. It follows the task through list refreshes (status,
 * 1080p), and keeps the snapshot when the task is not in the current list.
 */
export function useTaskSelection(...lists: (readonly VideoTaskView[] | null | undefined)[]) {
  const [selected, setSelected] = useState<VideoTaskView | null>(null);
  let live: VideoTaskView | null = selected;
  if (selected) {
    for (const list of lists) {
      const found = list?.find((t) => t.taskId === selected.taskId);
      if (found) {
        live = found;
        break;
      }
    }
  }
  const open = useCallback((task: VideoTaskView) => setSelected(task), []);
  const close = useCallback(() => setSelected(null), []);
  return { task: live, open, close };
}
