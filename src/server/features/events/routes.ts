/**
 * GET /api/events: a server-sent events stream of the signed-in user's changes (session cookie or
 * API token). Events: `ready` {credits, expiring} once connected; `task` {task} with the task as
 * the lists show it; `task-removed` {taskId}; `credits` {credits, expiring} (the balance and which
 * of it expires when, decision 0151); `signed-out` before the stream ends because
 * the session, the API token it was opened with or the account ended (on every process: the
 * database announces each, decision 0063). While the database's event channel is down streams are refused
 * (503) or ended, so pages poll instead; a page refetches what it shows on every `ready`.
 */
import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { serve } from "../../http/route-contract.js";
import { siteApi } from "../../../shared/api/site.js";
import { MAX_STREAMS_PER_USER, HEARTBEAT_MS } from "../../../shared/schemas/site.js";
import type { Db } from "../../db/connect.js";
import { AppError, unauthorized } from "../../http/errors.js";
import { requireUserOrToken } from "../../http/bearer-auth.js";
import { resolveSession } from "../../identity/sessions.js";
import { sessionCookieValue } from "../../http/session-auth.js";
import { isTokenActive } from "../../identity/api-token-owner.js";
import { findUserById } from "../auth/users.js";
import { creditSplit } from "../credits/credit-split.js";
import { findOwnTask, toTaskView } from "../videos/queries.js";
import type { LiveEvent, LiveEvents } from "../../events/live-events.js";
import type { ReadCaches } from "../../events/read-caches.js";
import { reasoned } from "../../../shared/error-reasons.js";

const RETRY_MS = 3_000;

export const STREAM_UNAVAILABLE = "Live updates are unavailable right now; the page refreshes on its own";

export async function eventRoutes(
  app: FastifyInstance,
  opts: { db: Db; liveEvents: LiveEvents; caches: ReadCaches },
): Promise<void> {
  const { db, liveEvents: events, caches } = opts;
  const open = new Set<ServerResponse>();
  const perUser = new Map<string, number>();

  // Streams never end by themselves: end them so the server can close, and when events stop.
  const endAll = () => {
    for (const res of open) res.end();
  };
  app.addHook("preClose", async () => endAll());
  events.onConnectionChange((up) => {
    if (!up) endAll();
  });

  const docs = {
    responses: {
      401: { description: "No valid token (or session)." },
      429: { description: "This account already has the most open streams; close some first." },
      503: {
        description:
          "Live updates are unavailable right now; poll GET /api/n8n/video-status meanwhile and try again after Retry-After seconds.",
        headers: {
          "Retry-After": {
            description: "Seconds to wait before trying again.",
            schema: { type: "integer", minimum: 1 },
          },
        },
      },
    },
  };
  serve(app, siteApi.events, { access: "user-or-token", docs }, async (request, reply) => {
    const cookieToken = request.user ? sessionCookieValue(request) : undefined;
    const user = await requireUserOrToken(request, db);
    const { tokenId } = user;
    if (!events.connected)
      throw new AppError("service_unavailable", STREAM_UNAVAILABLE, { headers: { "retry-after": "30" } });
    const count = perUser.get(user.id) ?? 0;
    if (count >= MAX_STREAMS_PER_USER)
      throw new AppError(
        "rate_limited",
        "Too many open live-update streams for this account. Close some tabs and try again.",
        reasoned("live_stream_limit"),
      );
    const row = await findUserById(db, user.id);
    if (!row?.isActive) throw unauthorized();

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      connection: "keep-alive",
      // nginx and similar proxies must pass events through at once.
      "x-accel-buffering": "no",
      "x-content-type-options": "nosniff",
    });
    res.flushHeaders();
    open.add(res);
    perUser.set(user.id, count + 1);

    const send = (event: string, data: unknown) => {
      if (!res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    const signOut = () => {
      send("signed-out", {});
      res.end();
    };

    // One event at a time, in the order the database sent them.
    let queue = Promise.resolve();
    const handle = async (event: LiveEvent) => {
      if (res.writableEnded) return;
      if (event.kind === "task" && event.taskId) {
        const task = await findOwnTask(db, caches.tasks, user.id, event.taskId);
        if (task) send("task", { task: toTaskView(task) });
        else send("task-removed", { taskId: event.taskId });
        return;
      }
      if (event.kind === "user") {
        const current = await findUserById(db, user.id);
        if (!current?.isActive) return signOut();
        send("credits", await creditSplit(db, user.id));
        return;
      }
      if (event.kind === "session" && cookieToken && !(await resolveSession(db, cookieToken, caches.sessions)))
        return signOut();
      // A leaked token is revoked to cut it off: its open streams too, not only its next request.
      if (event.kind === "token" && tokenId && event.tokenId === tokenId && !(await isTokenActive(db, tokenId)))
        signOut();
    };
    const unsubscribe = events.subscribe(user.id, (event) => {
      queue = queue
        .then(() => handle(event))
        .catch((err: unknown) => request.log.warn({ err }, "live event not delivered"));
    });
    const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
    heartbeat.unref();
    // An OAuth access token (decision 0169) ends within the hour: its stream ends with it.
    const expiry = user.expiresAt ? setTimeout(signOut, Math.max(0, user.expiresAt.getTime() - Date.now())) : undefined;
    expiry?.unref();

    res.on("close", () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      open.delete(res);
      const left = (perUser.get(user.id) ?? 1) - 1;
      if (left > 0) perUser.set(user.id, left);
      else perUser.delete(user.id);
    });

    res.write(`retry: ${RETRY_MS}\n\n`);
    send("ready", await creditSplit(db, user.id));
  });
}
