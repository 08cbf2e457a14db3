/**
 * Live updates from GET /api/events (server-sent events). While the stream is open, the task lists,
 * the tracked task and the credit balance change the moment the server says so, and the polling
 * hooks stand down (useLiveConnected). When it is refused or lost, they poll at the spec's
 * intervals again and the stream is retried.
 */
import { useEffect } from "react";
import type { CurrentUser } from "../../../shared/schemas/auth";
import type { ExpiringCredits } from "../../../shared/schemas/credit-split";
import type { z } from "zod";
import type { VideoTaskView } from "../../../shared/videos";
import { urlFor } from "@/lib/api";
import { withBalance } from "@/lib/credit-split";
import { firstLoadKeys } from "@/lib/first-load-keys";
import { createFlagStore, useFlag } from "@/lib/flag-store";
import { queryClient } from "@/lib/query-client";

/**
 * What the stream's task news mean to the task lists: the videos feature's (decision 0037: live
 * knows no feature). The app wires it in (app/live-wiring.ts), loaded when the stream opens.
 */
export interface TaskEventHandler {
  /** A task changed: its new state. */
  applyTask(task: VideoTaskView): Promise<void>;
  /** Something changed that the stream did not describe (a gap, a removal, an unreadable event). */
  refreshTasks(): Promise<unknown>;
}

const NO_TASK_HANDLER: TaskEventHandler = { applyTask: async () => {}, refreshTasks: async () => {} };
let loadTaskHandler: () => Promise<TaskEventHandler> = async () => NO_TASK_HANDLER;

/** Who handles task events; `load` runs when the stream first opens, so its code stays out of the first load. */
export function handleTaskEventsWith(load: () => Promise<TaskEventHandler>): void {
  loadTaskHandler = load;
}

/**
 * What handling the stream needs beyond the first load (the contract, the events' schemas, zod,
 * the task handler): imported when the stream opens, so a signed-out visitor never loads it.
 */
async function loadStream() {
  const [{ siteApi }, { creditsEventSchema, taskEventSchema }, tasks] = await Promise.all([
    import("../../../shared/api/site"),
    import("../../../shared/schemas/videos"),
    loadTaskHandler(),
  ]);
  return { url: urlFor(siteApi.events), creditsEventSchema, taskEventSchema, tasks };
}
type Stream = Awaited<ReturnType<typeof loadStream>>;

/** After the server refused the stream (503, 401) the browser does not retry by itself; this does. */
const STREAM_RETRY_MS = 30_000;

const connected = createFlagStore();

/** True while the event stream is open: polling is then unnecessary. */
export function useLiveConnected(): boolean {
  return useFlag(connected);
}

/** The balance and which of it expires when, as the server sent them together (decision 0151). */
function applyCredits({ credits, expiring }: { credits: number; expiring?: ExpiringCredits }): void {
  queryClient.setQueryData<CurrentUser | null>(firstLoadKeys.currentUser, (user) =>
    user ? withBalance(user, credits, expiring) : user,
  );
}

/** An event's data read with its shared schema; one that does not fit makes the lists refetch instead. */
function dataOf<S extends z.ZodType>(schema: S, event: Event, stream: Stream): z.output<S> | undefined {
  let json: unknown;
  try {
    json = JSON.parse((event as MessageEvent<string>).data);
  } catch {
    json = undefined;
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  void stream.tasks.refreshTasks();
  return undefined;
}

/** Opens the stream while `enabled` (signed in). Mount once, in the app shell. */
export function useLiveUpdates(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let applying = Promise.resolve();
    let retry: ReturnType<typeof setTimeout> | undefined;
    let closed = false;

    const open = async () => {
      const stream = await loadStream();
      if (closed) return;
      const { creditsEventSchema, taskEventSchema, tasks } = stream;
      const es = new EventSource(stream.url);
      source = es;
      es.addEventListener("ready", (e) => {
        connected.set(true);
        const ready = dataOf(creditsEventSchema, e, stream);
        if (ready) applyCredits(ready);
        // Whatever changed while the stream was closed was not heard: read it again.
        void tasks.refreshTasks();
      });
      es.addEventListener("task", (e) => {
        const data = dataOf(taskEventSchema, e, stream);
        // One at a time, in the order they came: a later event always lands last.
        if (data)
          applying = applying
            .then(() => tasks.applyTask(data.task))
            .catch((err: unknown) => console.warn("live task event not applied", err));
      });
      es.addEventListener("task-removed", () => void tasks.refreshTasks());
      es.addEventListener("credits", (e) => {
        const data = dataOf(creditsEventSchema, e, stream);
        if (data) applyCredits(data);
      });
      es.addEventListener("signed-out", () => {
        es.close();
        connected.set(false);
        void queryClient.invalidateQueries({ queryKey: firstLoadKeys.currentUser });
      });
      es.onerror = () => {
        connected.set(false);
        // CONNECTING: the browser reconnects by itself. CLOSED: refused; try again later.
        if (es.readyState === EventSource.CLOSED) retry = setTimeout(start, STREAM_RETRY_MS);
      };
    };
    // Without those modules (the site was updated meanwhile) the lists keep polling.
    const start = () => void open().catch((err: unknown) => console.warn("live updates not started", err));
    start();
    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
      connected.set(false);
    };
  }, [enabled]);
}
