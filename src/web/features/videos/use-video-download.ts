import { useCallback, useRef, useState } from "react";
import { downloadVideo, type DownloadQuality } from "./video-api";

function keyOf(taskId: string, quality: DownloadQuality): string {
  return `${quality}:${taskId}`;
}

/** Downloads through the attachment endpoint; a failure is only logged, never toasted. */
export function useVideoDownload() {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const inFlight = useRef(new Set<string>());

  const download = useCallback(async (taskId: string, quality: DownloadQuality) => {
    const key = keyOf(taskId, quality);
    // The button stays enabled (and focused) while it works; a second click does nothing.
    if (inFlight.current.has(key)) return;
    inFlight.current.add(key);
    setPending((current) => new Set(current).add(key));
    try {
      await downloadVideo(taskId, quality);
    } catch (error) {
      console.error("Download failed", error);
    } finally {
      inFlight.current.delete(key);
      setPending((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    }
  }, []);

  const isDownloading = useCallback(
    (taskId: string, quality: DownloadQuality) => pending.has(keyOf(taskId, quality)),
    [pending],
  );

  return { download, isDownloading };
}
