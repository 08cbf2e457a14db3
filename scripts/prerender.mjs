// Writes each language's page documents into dist/web/pages (decision 0056): the landing page
// pre-rendered, the legal pages' heads (decision 0079), Explore's head (decision 0165), and the document of every other page,
// each with <html lang>, title and description in its language. Runs after the client build and the server bundle of
// src/web/prerender.tsx (scripts/build.mjs); the server adds the hreflang links (page-documents.ts).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const LOCALES = ["en", "vi"];

const escapeHtml = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** index.html with this language's lang, title, description and (for the landing page) content. */
function documentFor(template, locale, { title, description, html = "" }) {
  const replaced = template
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*"/, `$1${escapeHtml(description)}"`)
    .replace("</head>", `  <!--alternates-->\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  if (
    !replaced.includes(`<html lang="${locale}"`) ||
    !replaced.includes("<!--alternates-->") ||
    (html && !replaced.includes(html))
  ) {
    throw new Error("index.html no longer has the markers the pre-render fills (html lang, title, description, #root)");
  }
  return replaced;
}

export async function prerender(root) {
  const webDir = path.join(root, "dist/web");
  const { renderLanding, pageHead, legalPageHeads, exploreHead } = await import(
    pathToFileURL(path.join(root, "dist/prerender/prerender.js")).href
  );
  const template = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  for (const locale of LOCALES) {
    const dir = path.join(webDir, "pages", locale);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "landing.html"), documentFor(template, locale, await renderLanding(locale)));
    fs.writeFileSync(path.join(dir, "page.html"), documentFor(template, locale, await pageHead(locale)));
    // The legal pages: their own title and description (decision 0079).
    for (const [page, head] of Object.entries(await legalPageHeads(locale)))
      fs.writeFileSync(path.join(dir, `${page}.html`), documentFor(template, locale, head));
    // Explore's feed (issue 72): its own title and description for search engines and previews.
    fs.writeFileSync(path.join(dir, "explore.html"), documentFor(template, locale, await exploreHead(locale)));
  }
}
