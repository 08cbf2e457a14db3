/** How the moderation cards draw a link inside their text. */
export const linkClassName =
  "rounded text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
