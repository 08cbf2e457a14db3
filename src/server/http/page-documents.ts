/**
 * The HTML documents of the web app's pages, per language (decision 0056). The build writes, for
 * each language, the landing page pre-rendered and an empty document for every other page, with
 * `<html lang>`, title and description in that language (scripts/prerender.mjs). Here they get
 * their `hreflang` links, which must be absolute: the public address is known only at run time.
 */
import fs from "node:fs";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, LANDING_PATHS, LANGUAGE_COOKIE, LOCALES, isLocale, type Locale } from "../../shared/i18n.js";
import { LEGAL_PAGES, LEGAL_PAGE_PATHS } from "../../shared/legal-pages.js";
import { withoutTrailingSlashes } from "../../shared/trim.js";

export interface PageDocuments {
  landing(locale: Locale): string;
  /** The document of a page other than the landing page: its own head where it has one (the legal pages, Explore). */
  page(locale: Locale, pathname?: string): string;
}

/** The pages with a document of their own (title and description): the legal pages (decision 0079), Explore (0165). */
const OWN_HEADS = [
  ...LEGAL_PAGES.map((page) => ({ kind: page, pathname: LEGAL_PAGE_PATHS[page] })),
  { kind: "explore" as const, pathname: "/explore" },
];
type Kind = "landing" | "page" | (typeof OWN_HEADS)[number]["kind"];

/** Where the build put the documents inside dist/web. */
const pageDocumentPath = (locale: Locale, kind: Kind) => path.join("pages", locale, `${kind}.html`);

const ALTERNATES = "<!--alternates-->";

export function loadPageDocuments(webDir: string, publicUrl: string): PageDocuments {
  const indexHtml = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  const link = (hreflang: string, pathname: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${new URL(pathname, publicUrl).href}" />`;
  const alternates = [...LOCALES.map((locale) => link(locale, LANDING_PATHS[locale])), link("x-default", "/")].join(
    "\n    ",
  );
  const read = (locale: Locale, kind: Kind, fallback = indexHtml) => {
    const file = path.join(webDir, pageDocumentPath(locale, kind));
    // A build without pre-rendered pages (an old one, or a test's stand-in) serves index.html.
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8").replace(ALTERNATES, alternates) : fallback;
  };
  const documents = Object.fromEntries(
    LOCALES.map((locale) => {
      const page = read(locale, "page");
      const own = new Map(OWN_HEADS.map(({ kind, pathname }) => [pathname, read(locale, kind, page)]));
      return [locale, { landing: read(locale, "landing"), page, own }];
    }),
  ) as Record<Locale, { landing: string; page: string; own: Map<string, string> }>;
  return {
    landing: (locale) => documents[locale].landing,
    page: (locale, pathname = "") =>
      documents[locale].own.get(withoutTrailingSlashes(pathname)) ?? documents[locale].page,
  };
}

/** The language to answer a page in: the person's choice (cookie), else their browser's, else English. */
export function pageLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (isLocale(chosen)) return chosen;
  const accepted = new Negotiator({ headers: { "accept-language": request.headers["accept-language"] } }).language([
    ...LOCALES,
  ]);
  return isLocale(accepted) ? accepted : DEFAULT_LOCALE;
}
