/**
 * Renders the landing page to HTML at build time, once per language (decision 0056), so search
 * engines and link previews read it and people see it before the code has loaded. Built by Vite
 * as a server bundle (scripts/build.mjs); scripts/prerender.mjs writes the pages.
 */
import { renderToStringAsync } from "preact-render-to-string";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { I18nProvider } from "@lingui/react";
import { msg } from "@lingui/core/macro";
import { Router } from "wouter";
import type { Locale } from "../shared/i18n";
import { LANDING_PATHS } from "../shared/i18n";
import { LEGAL_PAGES, type LegalPage } from "../shared/legal-pages";
import { App } from "./app/app";
import { DEFAULT_DOCUMENT_TITLE, documentTitle } from "./hooks/use-document-title";
import { LEGAL_PAGE_DESCRIPTIONS, LEGAL_PAGE_TITLES } from "./lib/legal-page-names";
import { activateLocale, i18n } from "./lib/i18n";

/** The page head's description in search results and link previews (the title is the app's default). */
const DESCRIPTION = msg`Generate short AI videos with native sound from a text prompt or an image.`;

export interface RenderedPage {
  /** The landing page's markup, for #root. */
  html: string;
  title: string;
  description: string;
}

export async function renderLanding(locale: Locale): Promise<RenderedPage> {
  await activateLocale(locale);
  // Signed out, nothing fetched: what a first visit shows.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const html = await renderToStringAsync(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={LANDING_PATHS[locale]}>
          <App />
        </Router>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { html, title: i18n._(DEFAULT_DOCUMENT_TITLE), description: i18n._(DESCRIPTION) };
}

/** The head's words alone, for every other page's document in this language. */
export async function pageHead(locale: Locale): Promise<Omit<RenderedPage, "html">> {
  await activateLocale(locale);
  return { title: i18n._(DEFAULT_DOCUMENT_TITLE), description: i18n._(DESCRIPTION) };
}

/** /explore's head (issue 72, decision 0165): in its document from the start, for search engines and link previews. */
const EXPLORE_TITLE = msg`Explore: AI videos made by the community`;
const EXPLORE_DESCRIPTION = msg`Watch short AI videos people made with Veo Studio, newest or most remixed, and remix any of them with its prompt and settings.`;

export async function exploreHead(locale: Locale): Promise<Omit<RenderedPage, "html">> {
  await activateLocale(locale);
  return { title: documentTitle(i18n._(EXPLORE_TITLE)), description: i18n._(EXPLORE_DESCRIPTION) };
}

/**
 * The legal pages' heads (decision 0079): their title and description are in their document from
 * the start, for search engines and link previews. Their text is the admin's, read at run time.
 */
export async function legalPageHeads(locale: Locale): Promise<Record<LegalPage, Omit<RenderedPage, "html">>> {
  await activateLocale(locale);
  return Object.fromEntries(
    LEGAL_PAGES.map((page) => [
      page,
      { title: documentTitle(i18n._(LEGAL_PAGE_TITLES[page])), description: i18n._(LEGAL_PAGE_DESCRIPTIONS[page]) },
    ]),
  ) as Record<LegalPage, Omit<RenderedPage, "html">>;
}
