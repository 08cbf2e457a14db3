/**
 * The only link targets a legal text may have (decision 0079): http(s), mailto and addresses on
 * this site. react-markdown calls this for every href and src; an empty string drops the target,
 * so `javascript:`, `data:`, `vbscript:` and any other scheme never reach the page.
 */
const ALLOWED_SCHEMES = /^(?:https?|mailto)$/i;

export function legalLinkUrl(url: string): string {
  const colon = url.indexOf(":");
  if (colon === -1) return url;
  // A colon after the first "/", "?" or "#" is part of a relative address, not a scheme.
  const delimiters = ["/", "?", "#"].map((c) => url.indexOf(c)).filter((i) => i !== -1);
  if (delimiters.length > 0 && colon > Math.min(...delimiters)) return url;
  return ALLOWED_SCHEMES.test(url.slice(0, colon)) ? url : "";
}
