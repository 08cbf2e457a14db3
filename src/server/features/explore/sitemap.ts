/**
 * For search engines (issue 72, decision 0164): /robots.txt keeps crawlers off the pages that are
 * a person's own or the admin's, and names /sitemap.xml, which lists the public pages in each
 * language and the page of every video listed in Explore now (an unlisted video's page says
 * noindex and is never listed). Both are built per request from PUBLIC_URL and the database.
 */
import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/connect.js";
import { videoTasks } from "../../db/schema.js";
import { serve } from "../../http/route-contract.js";
import type { Settings } from "../settings/service.js";
import { siteApi } from "../../../shared/api/site.js";
import { LANDING_PATHS, LOCALES } from "../../../shared/i18n.js";
import { LEGAL_PAGE_PATHS } from "../../../shared/legal-pages.js";
import { listedInExplore } from "../videos/explore-visibility.js";
import { SHARE_PREFIX } from "../videos/share-service.js";

export interface SitemapDeps {
  db: Db;
  config: { publicUrl: string };
  readSettings(): Promise<Pick<Settings, "exploreMode">>;
}

/** The sitemap protocol allows 50,000 addresses a file: the newest videos well within it. */
const VIDEOS_MAX = 10_000;
/** Pages that are a person's own, the admin's, or a step of signing in: nothing for an index. */
const PRIVATE_PATHS = [
  "/admin",
  "/my-creations",
  "/my-account",
  "/account/",
  "/history",
  "/purchase-credits",
  "/receipts/",
  "/second-factor",
  "/reset-password",
  "/verify-email",
  "/confirm-email",
  "/cancel-email-change",
  "/unsubscribe",
  // The OAuth consent page (decision 0169): a person's own request, nothing to index.
  "/oauth/",
  "/media/videos/",
  "/media/uploads/",
  // The API tokens page; "$" ends the match, so the public JSON a crawler renders pages with stays open.
  "/api$",
];
const PUBLIC_PATHS = [
  ...LOCALES.map((locale) => LANDING_PATHS[locale]),
  "/pricing",
  "/explore",
  "/generate",
  "/contact",
  ...Object.values(LEGAL_PAGE_PATHS),
];

const xmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

function robotsText(publicUrl: string): string {
  return [
    "User-agent: *",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

async function listedVideos(deps: SitemapDeps): Promise<{ shareId: string; at: Date }[]> {
  if ((await deps.readSettings()).exploreMode === "off") return [];
  const rows = await deps.db
    .select({ shareId: videoTasks.shareId, at: videoTasks.explorePublishedAt, createdAt: videoTasks.createdAt })
    .from(videoTasks)
    .where(listedInExplore)
    .orderBy(desc(videoTasks.explorePublishedAt))
    .limit(VIDEOS_MAX);
  return rows.flatMap((row) => (row.shareId ? [{ shareId: row.shareId, at: row.at ?? row.createdAt }] : []));
}

async function sitemapXml(deps: SitemapDeps): Promise<string> {
  const base = deps.config.publicUrl;
  const url = (path: string, lastmod?: Date) =>
    `<url><loc>${xmlEscape(`${base}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
  const videos = await listedVideos(deps);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PATHS.map((path) => url(path)),
    ...videos.map((video) => url(`${SHARE_PREFIX}${encodeURIComponent(video.shareId)}`, video.at)),
    "</urlset>",
    "",
  ].join("\n");
}

export async function sitemapRoutes(app: FastifyInstance, deps: SitemapDeps): Promise<void> {
  serve(app, siteApi.robots, { access: "public" }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robotsText(deps.config.publicUrl)),
  );
  serve(app, siteApi.sitemap, { access: "public" }, async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(await sitemapXml(deps)),
  );
}
