/**
 * The public page of a shared video (decision 0044): server-rendered HTML with the player, the
 * prompt (unless the owner hid it), the model, and Open Graph / Twitter tags so the link previews
 * in chats and social apps. Everything from the database is escaped.
 */
import { modelLabel } from "../../../shared/videos.js";
import { BRAND } from "../../../shared/brand.js";
import type { Locale } from "../../../shared/i18n.js";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The site's logo mark (the favicon's): a rounded square in the violet-fuchsia gradient with a
 * play triangle. Inline, so the page needs nothing beyond itself (and the CSP allows it).
 */
const LOGO_MARK = `<svg class="mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><defs><linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#d946ef"/></linearGradient></defs><rect width="32" height="32" rx="8" fill="url(#brand-gradient)"/><path d="M12 9.5v13l11-6.5z" fill="#fff"/></svg>`;

/** "An 8-second", "an 11-second", "a 10-second": the article as the number is said. */
const articleFor = (n: number) => (String(n).startsWith("8") || n === 11 || n === 18 ? "An" : "A");

/** Each shape's word (the ratio itself follows it). */
const SHAPE_WORDS: Record<Locale, Record<string, string>> = {
  en: {
    "16:9": "Landscape",
    "9:16": "Portrait",
    "1:1": "Square",
    "4:3": "Landscape",
    "3:4": "Portrait",
    "21:9": "Widescreen",
  },
  vi: { "16:9": "Ngang", "9:16": "Dọc", "1:1": "Vuông", "4:3": "Ngang", "3:4": "Dọc", "21:9": "Màn ảnh rộng" },
};

/** The page's words in each language (server-rendered: no Lingui here; decision 0080). */
const WORDS: Record<
  Locale,
  {
    home: string;
    makeOne: string;
    makeYourOwn: string;
    madeWith: (model: string) => string;
    description: (model: string, seconds: number, sound: boolean) => string;
    untitled: string;
    player: string;
    remix: string;
    report: string;
    details: string;
    seconds: (n: number) => string;
    sound: (on: boolean) => string;
    shape: (ratio: string) => string;
  }
> = {
  en: {
    home: `${BRAND} home`,
    makeOne: "Make one like this",
    makeYourOwn: `Make your own with ${BRAND}`,
    madeWith: (model) => `A video made with ${model}`,
    description: (model, seconds, sound) =>
      `${articleFor(seconds)} ${seconds}-second video${sound ? " with sound" : ""}, made with ${model} on ${BRAND}.`,
    untitled: `A video made with ${BRAND}`,
    player: "Shared video",
    remix: "Remix",
    report: "Report this video",
    details: "How it was made",
    seconds: (n) => `${n} seconds`,
    sound: (on) => (on ? "With sound" : "No sound"),
    shape: (ratio) => `${SHAPE_WORDS.en[ratio] ?? "Shape"} ${ratio}`,
  },
  vi: {
    home: `Trang chủ ${BRAND}`,
    makeOne: "Tạo video giống thế này",
    makeYourOwn: `Tự tạo video của bạn với ${BRAND}`,
    madeWith: (model) => `Video được tạo bằng ${model}`,
    description: (model, seconds, sound) =>
      `Video ${seconds} giây${sound ? " có âm thanh" : ""}, được tạo bằng ${model} trên ${BRAND}.`,
    untitled: `Video được tạo bằng ${BRAND}`,
    player: "Video được chia sẻ",
    remix: "Phối lại",
    report: "Báo cáo video này",
    details: "Cách video được tạo",
    seconds: (n) => `${n} giây`,
    sound: (on) => (on ? "Có âm thanh" : "Không có âm thanh"),
    shape: (ratio) => `${SHAPE_WORDS.vi[ratio] ?? "Khung hình"} ${ratio}`,
  },
};

/** Past this, a prompt is cut to fit the link (request lines have a size limit); the generator opens with its start. */
const LINK_PROMPT_MAX = 4000;

/**
 * The generator, with the prompt filled when it is shown (src/web/features/videos/recreate.ts reads
 * `?prompt=`); a hidden prompt never reaches the link.
 */
export function makeOneLikeThisHref(prompt: string | null): string {
  if (!prompt) return "/generate";
  let text = prompt;
  while (encodeURIComponent(text).length > LINK_PROMPT_MAX) text = Array.from(text).slice(0, -50).join("");
  return `/generate?${new URLSearchParams({ prompt: text }).toString()}`;
}

/** Explore's Remix (decision 0164): the generator fills itself from GET /api/explore/<id> (src/web/features/explore). */
const remixHref = (shareId: string) => `/generate?${new URLSearchParams({ remix: shareId }).toString()}`;
/** Explore's page opens its report dialog for this video. */
const reportHref = (shareId: string) => `/explore?${new URLSearchParams({ report: shareId }).toString()}`;

export interface SharedVideo {
  prompt: string | null;
  model: string;
  aspectRatio: string;
  /** As made; a video made before options existed (null) was 8 seconds, 720p, with sound. */
  durationSeconds: number | null;
  resolution: string | null;
  audio: boolean | null;
  shareId: string;
  /** Listed in Explore now (decision 0164): Remix and Report; else "Make one like this", and search engines keep out. */
  inExplore: boolean;
  /** Playable without signing in: a signed URL of our copy, or the provider's link. */
  videoUrl: string;
  /** The og:image (decision 0083): the video's frame, or the brand's picture; an absolute URL. */
  image: { url: string; width: number; height: number };
  pageUrl: string;
  createdAt: Date;
  locale: Locale;
}

export function renderSharePage(v: SharedVideo): string {
  const words = WORDS[v.locale];
  const model = modelLabel(v.model);
  const title = v.prompt ? `${v.prompt.slice(0, 70)}${v.prompt.length > 70 ? "…" : ""}` : words.madeWith(model);
  const description = v.prompt
    ? v.prompt.slice(0, 200)
    : words.description(model, v.durationSeconds ?? 8, v.audio ?? true);
  const [width, height] = v.aspectRatio === "9:16" ? [720, 1280] : [1280, 720];
  // The player loads our copy from the page's own host (whichever name it was opened by); the
  // Open Graph tags keep the full address, which other sites fetch.
  const origin = new URL(v.pageUrl).origin;
  const playUrl = v.videoUrl.startsWith(`${origin}/`) ? v.videoUrl.slice(origin.length) : v.videoUrl;
  // The frame (not the brand's picture) is the player's poster, from whichever host the page was opened by.
  const framePath = new URL(v.image.url).pathname;
  const poster = framePath.startsWith("/media/") ? ` poster="${escape(framePath)}"` : "";
  const meta = (key: string, value: string | number, attr = "property") =>
    `<meta ${attr}="${key}" content="${escape(String(value))}">`;
  // The options it was made with: a person remixing it sees what the generator will be filled with.
  const specs = [
    words.seconds(v.durationSeconds ?? 8),
    v.resolution ?? "720p",
    words.sound(v.audio ?? true),
    words.shape(v.aspectRatio),
  ];
  return `<!doctype html>
<html lang="${v.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · ${BRAND}</title>
<meta name="description" content="${escape(description)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="canonical" href="${escape(v.pageUrl)}">
${v.inExplore ? "" : `${meta("robots", "noindex", "name")}\n`}
${meta("og:type", "video.other")}
${meta("og:site_name", BRAND)}
${meta("og:title", title)}
${meta("og:description", description)}
${meta("og:url", v.pageUrl)}
${meta("og:video", v.videoUrl)}
${meta("og:video:secure_url", v.videoUrl)}
${meta("og:video:type", "video/mp4")}
${meta("og:video:width", width)}
${meta("og:video:height", height)}
${meta("og:image", v.image.url)}
${v.image.url.startsWith("https://") ? `${meta("og:image:secure_url", v.image.url)}\n` : ""}${meta("og:image:type", "image/jpeg")}
${meta("og:image:width", v.image.width)}
${meta("og:image:height", v.image.height)}
${meta("og:image:alt", title)}
${meta("twitter:card", "summary_large_image", "name")}
${meta("twitter:title", title, "name")}
${meta("twitter:description", description, "name")}
${meta("twitter:image", v.image.url, "name")}
${meta("twitter:image:alt", title, "name")}
<style>
body{margin:0;min-height:100vh;background:#09090b;color:#e4e4e7;font:16px/1.5 system-ui,sans-serif;display:flex;flex-direction:column;align-items:center}
header{width:min(100%,960px);padding:16px 24px 0;box-sizing:border-box}
.brand{display:inline-flex;align-items:center;gap:10px;color:#fafafa;font-weight:600;text-decoration:none;border-radius:8px}
.brand:focus-visible,.cta:focus-visible{outline:2px solid #c4b5fd;outline-offset:2px}
.mark{display:block;border-radius:8px;box-shadow:0 10px 15px -3px rgba(217,70,239,.2)}
.gradient{background:linear-gradient(90deg,#a78bfa,#e879f9);-webkit-background-clip:text;background-clip:text;color:transparent}
main{width:min(100%,960px);padding:24px;box-sizing:border-box}
video{display:block;margin:0 auto;background:#000;border-radius:12px;max-width:100%;${v.aspectRatio === "9:16" ? "height:min(80vh,720px)" : "width:100%"}}
h1{font-size:1.1rem;font-weight:600;margin:20px 0 4px;overflow-wrap:anywhere}
p{margin:4px 0;color:#a1a1aa}
a{color:#c4b5fd}
.specs{display:flex;flex-wrap:wrap;gap:8px;list-style:none;margin:12px 0 0;padding:0}
.specs li{padding:2px 10px;border:1px solid #3f3f46;border-radius:999px;color:#d4d4d8;font-size:.875rem}
.cta{display:inline-flex;align-items:center;justify-content:center;min-height:44px;margin:16px 0 8px;padding:0 20px;border-radius:8px;background:linear-gradient(90deg,#7c3aed,#c026d3);color:#fff;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<header>
<a class="brand" href="/" aria-label="${escape(words.home)}">${LOGO_MARK}<span>Veo <span class="gradient">Studio</span></span></a>
</header>
<main>
<video src="${escape(playUrl)}"${poster} controls playsinline preload="metadata" aria-label="${escape(words.player)}"></video>
<h1>${v.prompt ? escape(v.prompt) : escape(words.untitled)}</h1>
<p>${escape(model)} · ${escape(v.createdAt.toISOString().slice(0, 10))}</p>
<ul class="specs" aria-label="${escape(words.details)}">${specs.map((spec) => `<li>${escape(spec)}</li>`).join("")}</ul>
${
  v.inExplore
    ? `<a class="cta" href="${escape(remixHref(v.shareId))}">${escape(words.remix)}</a>
<p><a href="${escape(reportHref(v.shareId))}">${escape(words.report)}</a></p>`
    : `<a class="cta" href="${escape(makeOneLikeThisHref(v.prompt))}">${escape(words.makeOne)}</a>`
}
<p><a href="/">${escape(words.makeYourOwn)}</a></p>
</main>
</body>
</html>
`;
}
