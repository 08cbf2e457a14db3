import type { FastifyInstance } from "fastify";

/**
 * PayPal's JS SDK (loaded on the purchase pages only when PayPal is enabled, decision 0016): its
 * script and API calls come from *.paypal.com, its buttons and checkout run in PayPal iframes,
 * assets from *.paypalobjects.com. Images are already allowed from any https origin.
 */
const PAYPAL = [
  "https://www.paypal.com",
  "https://www.sandbox.paypal.com",
  "https://*.paypal.com",
  "https://*.paypalobjects.com",
].join(" ");

/**
 * The policy of every page. `turnstileOrigin`: Cloudflare Turnstile's (decision 0091), whose script
 * and challenge iframe Cloudflare documents as needing script-src and frame-src (connect-src
 * 'self' is all its pre-clearance mode adds). Allowed whether or not the admin has turned
 * Turnstile on: the policy stays one fixed header, and the script is loaded only on the forms
 * that ask for a CAPTCHA while it is on.
 */
function contentSecurityPolicy(turnstileOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${PAYPAL} ${turnstileOrigin}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    `connect-src 'self' ${PAYPAL}`,
    `frame-src ${PAYPAL} ${turnstileOrigin}`,
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { https: boolean; turnstileScriptUrl: string },
): void {
  const CSP = contentSecurityPolicy(new URL(opts.turnstileScriptUrl).origin);
  // A callback hook: it does nothing asynchronous, and every answer passes through it.
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.header("x-content-type-options", "nosniff");
    reply.header("x-frame-options", "DENY");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    if (opts.https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) reply.header("content-security-policy", CSP);
    done(null, payload);
  });
}
