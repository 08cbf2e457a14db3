/**
 * Serves the built SPA from dist/web. Hashed assets are cached for a year and sent brotli- or
 * gzip-compressed from the copies the build made; pages get index.html from the not-found
 * handler (http/not-found.ts).
 */
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { useScopeAccess } from "./route-access.js";
import { useNonApiScope } from "./route-contract.js";

/** Registers the static files and returns index.html for the page fallback. */
export async function registerStaticSpa(app: FastifyInstance, webDir: string): Promise<string> {
  const indexHtml = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  // Its own scope, so its routes (one per file) are all public.
  await app.register(async (files) => {
    useScopeAccess(files, "public");
    useNonApiScope(files, "the web app's files");
    await files.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== "/index.html",
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  });

  return indexHtml;
}

/** dist/web next to the running code, if it was built. */
export function findWebDir(fromDir: string): string | undefined {
  for (const candidate of [path.resolve(fromDir, "../../web"), path.resolve(fromDir, "../../dist/web")]) {
    if (fs.existsSync(path.join(candidate, "index.html"))) return candidate;
  }
  return undefined;
}
