import { useCallback, useEffect, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { VideoTaskView } from "../../../shared/videos";
import { toast } from "@/hooks/use-toast";
import { CARD_PROMPT_MAX, failureText, isRefused } from "./video-display";

/** Whether the person is looking at this tab now (in it and the window focused). */
function isSeen(): boolean {
  return document.visibilityState === "visible" && document.hasFocus();
}

function short(prompt: string): string {
  return prompt.length > CARD_PROMPT_MAX ? `${prompt.slice(0, CARD_PROMPT_MAX).trimEnd()}…` : prompt;
}

/**
 * Tells the person that a video they started has finished (decision 0077): always a toast; when
 * the tab is not being looked at, also the tab title ("✓ Video ready – …", until the tab is seen)
 * and, if they allowed it, a browser notification.
 */
export function useFinishNotice(): (task: VideoTaskView) => void {
  const { t } = useLingui();
  const restore = useRef<(() => void) | null>(null);

  // The title goes back when the tab is seen again, or when the page goes.
  useEffect(() => {
    const onSeen = () => {
      if (document.visibilityState === "visible") restore.current?.();
    };
    window.addEventListener("focus", onSeen);
    document.addEventListener("visibilitychange", onSeen);
    return () => {
      window.removeEventListener("focus", onSeen);
      document.removeEventListener("visibilitychange", onSeen);
      restore.current?.();
    };
  }, []);

  return useCallback(
    (task: VideoTaskView) => {
      const done = task.status === "completed";
      const prompt = short(task.prompt);
      // A prompt the provider refused for its content is titled as such (decisions 0082, 0163).
      const declined = !done && isRefused(task);
      const headline = done ? t`Video ready` : declined ? t`Prompt declined` : t`Video failed`;
      toast(
        done
          ? { title: t`Your video is ready`, description: prompt }
          : {
              title: declined ? t`Prompt declined` : t`Your video could not be made`,
              description: failureText(task.errorMessage, task.model, task.failureKind),
              variant: "destructive",
            },
      );
      if (isSeen()) return;

      restore.current?.();
      const before = document.title;
      const title = `${done ? "✓" : "✗"} ${headline} – ${prompt}`;
      document.title = title;
      restore.current = () => {
        // Another page may have named the tab since: leave its title.
        if (document.title === title) document.title = before;
        restore.current = null;
      };

      if (notificationPermission() === "granted") {
        try {
          const notification = new Notification(headline, { body: prompt, tag: task.taskId });
          notification.onclick = () => {
            window.focus();
            notification.close();
          };
        } catch {
          // Some browsers (Chrome on Android) show notifications only through a service worker.
        }
      }
    },
    [t],
  );
}

/** The browser's notification permission, or "unsupported". */
function notificationPermission(): NotificationPermission | "unsupported" {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/** The permission and a way to ask for it, for the 'Notify me' button (never asked for without a click). */
export function useNotificationPermission(): {
  permission: NotificationPermission | "unsupported";
  ask: () => void;
} {
  const [permission, setPermission] = useState(notificationPermission);
  const ask = useCallback(() => {
    if (!("Notification" in window)) return;
    void Notification.requestPermission().then(setPermission, () => setPermission(Notification.permission));
  }, []);
  return { permission, ask };
}
