/**
 * GET /files/<taskId>/<clip>.mp4 (result links, which expire; `-4k.mp4` ones serve the 1080p clip,
 * an extension's `-720p-extended.mp4` full video the 720p one),
 * /files/<clip>.mp4 (the bare clips, which never do) and /files/uploads/<name>, with range requests
 * (no auth, like KIE's CDN).
 */
import fs from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { CLIPS_DIR } from "./clips.js";
import type { SimContext } from "./context.js";
import { imageResult } from "./market-images.js";
import { modelResultLink } from "./market-tasks.js";
import { resultLink } from "./task-state.js";

const YEAR_S = 31_536_000;

export function fileRoutes(ctx: SimContext): FastifyPluginAsync {
  return async (app) => {
    fs.mkdirSync(ctx.uploadDir, { recursive: true });
    // The clips never change: one route per file (wildcard: false) with a long cache.
    await app.register(fastifyStatic, {
      root: CLIPS_DIR,
      prefix: "/files/",
      decorateReply: false,
      wildcard: false,
      index: false,
      cacheControl: false,
      allowedPath: (pathName) => pathName.endsWith(".mp4"),
      setHeaders(reply) {
        reply.header("cache-control", `public, max-age=${YEAR_S}, immutable`);
      },
    });
    await app.register(fastifyStatic, {
      root: ctx.uploadDir,
      prefix: "/files/uploads/",
      decorateReply: false,
      index: false,
      dotfiles: "deny",
      setHeaders(reply) {
        // Same origin as the product: never let an upload act as a document.
        reply.header("content-security-policy", "default-src 'none'; sandbox");
        reply.header("x-content-type-options", "nosniff");
      },
    });
    // Result links, in a scope of their own for reply.sendFile. Only a task's own clip names pass
    // resultLink, so nothing else on disk is reachable; "uploads" (a static segment) wins the route.
    await app.register(async (links) => {
      await links.register(fastifyStatic, { root: CLIPS_DIR, serve: false, index: false, cacheControl: false });
      links.route<{ Params: { taskId: string; clip: string } }>({
        method: ["GET", "HEAD"],
        url: "/files/:taskId/:clip",
        handler: async (request, reply) => {
          const { taskId, clip } = request.params;
          // A first frame's image (market-images.ts), drawn when asked.
          const image = await imageResult(ctx, taskId, clip);
          if (image?.status === "live")
            return reply.header("cache-control", `public, max-age=${image.maxAgeS}`).type(image.mime).send(image.data);
          if (image) return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
          const link = modelResultLink(ctx, taskId, clip) ?? resultLink(ctx, taskId, clip);
          if (link.status !== "live") {
            // KIE's storage answers 404 (or 403) once a file is deleted.
            return reply
              .status(404)
              .type("text/plain; charset=utf-8")
              .send(link.status === "expired" ? "Not found: this link has expired" : "Not found");
          }
          // Cached no longer than the link lives, so a browser cannot keep playing a dead link.
          const maxAge =
            link.expiresAt === undefined ? YEAR_S : Math.max(0, Math.floor((link.expiresAt - ctx.now()) / 1000));
          reply.header("cache-control", `public, max-age=${maxAge}`);
          // A 4K link's name is not on disk: it serves the 1080p clip (link.file).
          return reply.sendFile(link.file);
        },
      });
    });
  };
}
