import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Database } from "../db/connect.js";
import { LIVE_EVENTS_CHANNEL, type LiveEvents } from "./live-events.js";

/**
 * Live updates (decisions 0026 and 0031): while the app runs it listens to the database's change
 * announcements, for the event streams and to keep its read caches right. A write by someone who
 * can read next (`readsNext`: a session cookie or an API token, even on a public route such as
 * confirming an address) is answered once this process has heard the database announce it, so
 * their next request never reads a cache from before their own change.
 */
export function registerLiveUpdates(
  app: FastifyInstance,
  liveEvents: LiveEvents,
  listen: Database["listen"] | undefined,
  readsNext: (request: FastifyRequest) => boolean,
): void {
  // A callback hook, asynchronous only for the writes that wait: reads pass straight through.
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (request.method === "GET" || request.method === "HEAD" || !readsNext(request)) return done(null, payload);
    liveEvents.settle().then(() => done(null, payload), done);
  });
  if (!listen) return;
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook("onReady", async () => {
    stopListening = await listen(LIVE_EVENTS_CHANNEL, {
      onPayload: (payload) => liveEvents.receive(payload),
      onConnected: (up) => {
        liveEvents.setConnected(up);
        app.log[up ? "info" : "warn"](
          up ? "live events connected" : "live events disconnected; pages poll until it is back",
        );
      },
    });
  });
  app.addHook("onClose", async () => {
    liveEvents.setConnected(false);
    await stopListening?.();
  });
}
