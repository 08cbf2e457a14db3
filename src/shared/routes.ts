import { withoutTrailingSlashes } from "./trim.js";

/**
 * The SPA routes that exist today. The server answers these with index.html and 200; any other
 * non-API path gets index.html with 404 so the app's 404 page shows with the right status.
 * Add a route here when its page lands; src/web/app.tsx must then give it a page (type-checked).
 */
export const SPA_ROUTES = [
  "/",
  // The landing page in each language (decision 0056); `/` follows the person's language.
  "/en",
  "/vi",
  "/generate",
  "/pricing",
  // Explore (issue 72, decision 0165): the videos people published, for everyone.
  "/explore",
  "/purchase-credits",
  "/my-creations",
  "/api",
  "/contact",
  // The legal pages (shared/legal-pages.ts; decision 0079).
  "/terms",
  "/privacy",
  "/refunds",
  "/login",
  // The links sent by mail (decision 0088): ask for a reset link, use it, confirm an address; the
  // old address's "this was not me" (decision 0128).
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/confirm-email",
  "/cancel-email-change",
  "/my-account",
  // The second factor (decision 0092): the person's factors, and sign-in's second step.
  "/account/security",
  "/second-factor",
  // A completed payment's printable receipt, and a notice's unsubscribe link (decision 0086).
  "/receipts/:orderId",
  "/unsubscribe",
  // The OAuth consent page an MCP client sends a person to (decisions 0169, 0170).
  "/oauth/authorize",
  "/admin",
  "/admin/users",
  "/admin/users/:userId",
  // The settings open at their first section; each section has its own address (decision 0148).
  "/admin/settings",
  "/admin/settings/:section",
  "/admin/audit",
  "/admin/mail",
  // Prompt screening's log (decision 0089).
  "/admin/moderation",
  // Codes that grant credits or take money off (issue 70, decision 0156).
  "/admin/codes",
  // Explore's moderation: what waits for approval, was reported, is listed, featured or hidden (issue 72).
  "/admin/explore",
  "/history",
] as const;
export type SpaRoute = (typeof SPA_ROUTES)[number];

/** Whether a path is one of SPA_ROUTES; a `:name` segment matches any one non-empty segment. */
export function isSpaRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? withoutTrailingSlashes(pathname) : pathname;
  const segments = path.split("/");
  return SPA_ROUTES.some((route) => {
    const parts = route.split("/");
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(":") ? segments[i] !== "" : part === segments[i]))
    );
  });
}
