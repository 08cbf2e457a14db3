/**
 * Serves the built SPA from dist/web. Hashed assets are cached for a year and sent brotli- or
 * gzip-compressed from the copies the build made; pages get their document (page-documents.ts)
 * from the not-found handler (http/not-found.ts).
 */
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { loadPageDocuments, type PageDocuments } from "./page-documents.js";
import { useScopeAccess } from "./route-access.js";
import { useNonApiScope } from "./route-contract.js";

/** Registers the static files and returns the pages' documents. */
export async function registerStaticSpa(
  app: FastifyInstance,
  webDir: string,
  publicUrl: string,
): Promise<PageDocuments> {
  const documents = loadPageDocuments(webDir, publicUrl);
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
      // Documents are answered per language by the page fallback, never as files.
      allowedPath: (pathName) => pathName !== "/index.html" && !pathName.startsWith("/pages/"),
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      },
    });
  });

  return documents;
}

/** dist/web next to the running code, if it was built. */
export function findWebDir(fromDir: string): string | undefined {
  for (const candidate of [path.resolve(fromDir, "../../web"), path.resolve(fromDir, "../../dist/web")]) {
    if (fs.existsSync(path.join(candidate, "index.html"))) return candidate;
  }
  return undefined;
}
