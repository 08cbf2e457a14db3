/**
 * GET /media/showcase/<clip>.mp4: the landing page's example videos, and <clip>.jpg their posters
 * (decision 0166). They are the simulator's committed sample clips and frames (the build copies
 * them into dist), served under a product path so the
 * landing page does not depend on the simulator's mount. Public, range requests, cached for a year.
 */
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { useScopeAccess } from "../../http/route-access.js";
import { useNonApiScope } from "../../http/route-contract.js";
import { CLIPS_DIR } from "../../simulator/clips.js";

const SHOWCASE_PREFIX = "/media/showcase/";

export async function showcaseRoutes(app: FastifyInstance): Promise<void> {
  useScopeAccess(app, "public");
  useNonApiScope(app, "the landing page's example clips: static video files");
  // wildcard: false registers one route per file found now: other names (and ../) never reach the disk.
  await app.register(fastifyStatic, {
    root: CLIPS_DIR,
    prefix: SHOWCASE_PREFIX,
    decorateReply: false,
    wildcard: false,
    index: false,
    dotfiles: "deny",
    cacheControl: false,
    allowedPath: (pathName) => /^\/[\w-]+\.(mp4|jpg)$/.test(pathName),
    setHeaders(reply) {
      reply.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
}
