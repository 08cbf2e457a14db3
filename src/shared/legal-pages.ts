/**
 * The legal pages (issue 38): terms of service, privacy policy and refund policy, one Markdown
 * text per page and language, edited by the admin. Plain values only: the footer (on the landing
 * page's first load) links to them, and zod stays out of that load.
 */
export const LEGAL_PAGES = ["terms", "privacy", "refunds"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** Each page's address in the web app (src/shared/routes.ts lists them too). */
export const LEGAL_PAGE_PATHS = {
  terms: "/terms",
  privacy: "/privacy",
  refunds: "/refunds",
} as const satisfies Record<LegalPage, string>;

/** The longest text one page may hold in one language, in characters (a long real policy is ~60,000). */
export const MAX_LEGAL_TEXT_LENGTH = 100_000;
