import { useEffect, useState } from "react";

/** Seconds since `since` (an ISO time), ticking every second; 0 for a time in the future (a clock ahead of ours). */
export function useElapsedSeconds(since: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [since]);
  const start = since ? Date.parse(since) : NaN;
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((now - start) / 1_000));
}

/** "0:07", "2:05", "1:02:05". */
export function formatElapsed(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
