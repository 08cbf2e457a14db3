/** GET /files/<clip>.mp4 and /files/uploads/<name>, with range requests (no auth, like KIE's CDN). */
import fs from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { CLIPS_DIR } from "./clips.js";
import type { SimContext } from "./context.js";

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
      setHeaders(res) {
        res.setHeader("cache-control", "public, max-age=31536000, immutable");
      },
    });
    await app.register(fastifyStatic, {
      root: ctx.uploadDir,
      prefix: "/files/uploads/",
      decorateReply: false,
      index: false,
      dotfiles: "deny",
      setHeaders(res) {
        // Same origin as the product: never let an upload act as a document.
        res.setHeader("content-security-policy", "default-src 'none'; sandbox");
        res.setHeader("x-content-type-options", "nosniff");
      },
    });
  };
}
