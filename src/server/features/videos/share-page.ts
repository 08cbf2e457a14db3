/**
 * The public page of a shared video (decision 0044): server-rendered HTML with the player, the
 * prompt (unless the owner hid it), the model, and Open Graph / Twitter tags so the link previews
 * in chats and social apps. Everything from the database is escaped.
 */
import { modelLabel } from "../../../shared/videos.js";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SharedVideo {
  prompt: string | null;
  model: string;
  aspectRatio: string;
  /** Playable without signing in: a signed URL of our copy, or the provider's link. */
  videoUrl: string;
  pageUrl: string;
  createdAt: Date;
}

export function renderSharePage(v: SharedVideo): string {
  const model = modelLabel(v.model);
  const title = v.prompt ? `${v.prompt.slice(0, 70)}${v.prompt.length > 70 ? "…" : ""}` : `A video made with ${model}`;
  const description = v.prompt
    ? v.prompt.slice(0, 200)
    : `An 8-second video with sound, made with ${model} on Veo Studio.`;
  const [width, height] = v.aspectRatio === "9:16" ? [720, 1280] : [1280, 720];
  const meta = (key: string, value: string | number, attr = "property") =>
    `<meta ${attr}="${key}" content="${escape(String(value))}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Veo Studio</title>
<meta name="description" content="${escape(description)}">
<link rel="canonical" href="${escape(v.pageUrl)}">
${meta("og:type", "video.other")}
${meta("og:site_name", "Veo Studio")}
${meta("og:title", title)}
${meta("og:description", description)}
${meta("og:url", v.pageUrl)}
${meta("og:video", v.videoUrl)}
${meta("og:video:secure_url", v.videoUrl)}
${meta("og:video:type", "video/mp4")}
${meta("og:video:width", width)}
${meta("og:video:height", height)}
${meta("twitter:card", "summary", "name")}
${meta("twitter:title", title, "name")}
${meta("twitter:description", description, "name")}
<style>
body{margin:0;min-height:100vh;background:#09090b;color:#e4e4e7;font:16px/1.5 system-ui,sans-serif;display:flex;flex-direction:column;align-items:center}
main{width:min(100%,960px);padding:24px;box-sizing:border-box}
video{display:block;margin:0 auto;background:#000;border-radius:12px;max-width:100%;${v.aspectRatio === "9:16" ? "height:min(80vh,720px)" : "width:100%"}}
h1{font-size:1.1rem;font-weight:600;margin:20px 0 4px}
p{margin:4px 0;color:#a1a1aa}
a{color:#c4b5fd}
</style>
</head>
<body>
<main>
<video src="${escape(v.videoUrl)}" controls playsinline preload="metadata" aria-label="Shared video"></video>
<h1>${v.prompt ? escape(v.prompt) : "A video made with Veo Studio"}</h1>
<p>${escape(model)} · ${escape(v.aspectRatio)} · ${escape(v.createdAt.toISOString().slice(0, 10))}</p>
<p><a href="/">Make your own with Veo Studio</a></p>
</main>
</body>
</html>
`;
}
