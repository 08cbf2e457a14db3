/**
 * One sample request per route the app registers, and the people and rows they need: the
 * authorization walk (route-access.test.ts) and the hostile-input properties
 * (hostile-input.test.ts) both go over the app's own route table with these, so a route added
 * without a case fails both.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/connect.js";
import {
  apiTokens,
  creditPackages,
  imageTasks,
  oauthClients,
  oauthGrants,
  vendorAccounts,
  paymentOrders,
  plans,
  users,
  videoFiles,
  videoTasks,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../src/server/db/schema.js";
import { createSession } from "../../src/server/identity/sessions.js";
import { unsubscribeKey, unsubscribeQuery } from "../../src/server/features/mail/unsubscribe.js";
import type { Access, RouteAccessEntry } from "../../src/server/http/route-access.js";
import { webToken, webTokenKey } from "../../src/server/http/web-app-token.js";
import { sha256Hex } from "../../src/server/lib/tokens.js";
import {
  createVideoTestApp,
  randomPng,
  runWorkerUntil,
  startSimulator,
  taskRow,
  userWithCredits,
  type StartedSimulator,
  type VideoTestApp,
} from "./video-app.js";
import { signInAdmin } from "./test-app.js";

export interface Fixtures {
  ownerId: string;
  /** A user who signs in with password123. */
  loginUsername: string;
  /** A completed task of the owner. */
  taskId: string;
  /** That task's 720p file, archived: GET /media/videos/<id>.mp4. */
  videoFileId: string;
  /** Another finished task of the owner, for the case that deletes a video. */
  spareTaskId: string;
  /** An API token row of the owner (deleted by its DELETE case: made again per case). */
  tokenId: string;
  /** A PayPal order of the owner: PayPal's id, and ours. */
  paypalOrderId: string;
  paymentOrderId: string;
  /** A completed order of the owner: its receipt. */
  receiptOrderId: string;
  /** The query of the owner's signed unsubscribe link for one notice. */
  unsubscribeQuery: string;
  /** A user the admin cases change. */
  targetUserId: string;
  packageId: string;
  /** A plan on sale (with no provider that can sell it in this app). */
  planId: string;
  vendorAccountId: string;
  uploadName: string;
  /** A first frame of the owner (decision 0161). */
  imageTaskId: string;
  /** A webhook endpoint of the owner, and a delivery to it. */
  webhookEndpointId: string;
  webhookDeliveryId: string;
  /** A registered OAuth client (decision 0169), and the owner's connection to it. */
  oauthClientId: string;
  oauthConnectionId: string;
  /** Another endpoint of the owner, for the API token's DELETE case (decision 0171). */
  spareWebhookEndpointId: string;
}

export interface SampleRequest {
  url: string;
  body?: unknown;
  /** A raw body and its content type (multipart uploads, webhooks). */
  raw?: { contentType: string; payload: Buffer | string };
}

export interface RouteCase {
  method: string;
  route: string;
  /** The resource in the URL is the owner's: other people (the admin included) are refused. */
  ownerOnly?: boolean;
  /** What the permitted caller's answer must be; a 2xx unless the route needs outside services. */
  accepts?: (status: number, body: string) => boolean;
  request(f: Fixtures): SampleRequest;
}

/** The route ran and answered for itself (a refusal of its own: a conflict, a bad id...). */
const reachedRoute = (status: number) => status < 500 && status !== 401 && status !== 403;
/** A wrong code (or a rate limit on them): the second factor's check answered for itself. */
const wrongSecondFactor = (status: number, body: string) =>
  (status === 401 && body.includes("invalid_second_factor")) || status === 429;
/** A code refused by the codes' own checks (unknown, unverified address, guessing limit), not by access. */
const codeRefusal = (status: number, body: string) =>
  status < 500 &&
  ((status !== 401 && status !== 403) ||
    body.includes('"reason":"code') ||
    // The automation API's errors carry no reason: its message says it.
    body.includes("Confirm your e-mail address first"));
/** The payment provider is not set up in this app: the route says so (in the buyer's words; matched by its code). */
const notConfigured = (status: number, body: string) =>
  status === 503 && body.includes('"code":"payment_not_configured"');

function multipartImage(): SampleRequest["raw"] {
  const boundary = `----routecase${crypto.randomBytes(6).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    randomPng(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload };
}

/** An authorization request of the fixtures' OAuth client, as the consent page passes it on. */
function oauthRequest(f: Fixtures): Record<string, string> {
  return {
    client_id: f.oauthClientId,
    redirect_uri: "https://app.example/cb",
    response_type: "code",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    state: "route-case",
    scope: "videos:read videos:write",
  };
}

/** METRICS_TOKEN of the route-case app: the operator's credential. */
export const OPERATOR_TOKEN = "route-case-metrics-token-0123456789";

/** In run order: what ends sessions or deletes fixtures comes last. */
export const ROUTE_CASES: RouteCase[] = [
  { method: "GET", route: "/healthz", request: () => ({ url: "/healthz" }) },
  { method: "GET", route: "/readyz", request: () => ({ url: "/readyz" }) },
  { method: "GET", route: "/metrics", request: () => ({ url: "/metrics" }) },
  { method: "GET", route: "/api/contact", request: () => ({ url: "/api/contact" }) },
  { method: "GET", route: "/api/legal/:page/:locale", request: () => ({ url: "/api/legal/terms/vi" }) },
  { method: "GET", route: "/api/pricing/current", request: () => ({ url: "/api/pricing/current" }) },
  { method: "GET", route: "/api/models", request: () => ({ url: "/api/models" }) },
  { method: "GET", route: "/api/prompt-help", request: () => ({ url: "/api/prompt-help" }) },
  { method: "GET", route: "/api/showcase", request: () => ({ url: "/api/showcase" }) },
  // For search engines (decision 0164).
  { method: "GET", route: "/robots.txt", request: () => ({ url: "/robots.txt" }) },
  { method: "GET", route: "/sitemap.xml", request: () => ({ url: "/sitemap.xml" }) },
  // Explore (decision 0164): the feed for everyone; nothing is listed under this id.
  { method: "GET", route: "/api/explore", request: () => ({ url: "/api/explore?sort=remixed&model=veo3&shape=9:16" }) },
  {
    method: "GET",
    route: "/api/explore/:id",
    accepts: (status) => status === 404,
    request: () => ({ url: "/api/explore/nothing-listed-here" }),
  },
  {
    method: "POST",
    route: "/api/explore/:id/reports",
    accepts: (status) => status === 404,
    request: () => ({ url: "/api/explore/nothing-listed-here/reports", body: { reason: "spam" } }),
  },
  { method: "GET", route: "/api/credit-packages", request: () => ({ url: "/api/credit-packages" }) },
  { method: "GET", route: "/api/plans", request: () => ({ url: "/api/plans" }) },
  { method: "GET", route: "/api/settings/payment-methods", request: () => ({ url: "/api/settings/payment-methods" }) },
  { method: "GET", route: "/api/openapi.json", request: () => ({ url: "/api/openapi.json" }) },
  { method: "GET", route: "/api/openapi-full.json", request: () => ({ url: "/api/openapi-full.json" }) },
  { method: "GET", route: "/api/n8n/workflow.json", request: () => ({ url: "/api/n8n/workflow.json" }) },
  {
    method: "GET",
    route: "/api/n8n/workflow-webhook.json",
    request: () => ({ url: "/api/n8n/workflow-webhook.json" }),
  },
  { method: "GET", route: "/paypal/setup", accepts: notConfigured, request: () => ({ url: "/paypal/setup" }) },
  { method: "GET", route: "/api/auth/google/status", request: () => ({ url: "/api/auth/google/status" }) },
  { method: "GET", route: "/api/auth/captcha", request: () => ({ url: "/api/auth/captcha" }) },
  {
    method: "GET",
    route: "/api/auth/google/url",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/google/url" }),
  },
  {
    method: "GET",
    route: "/api/auth/google/callback",
    accepts: (s) => s === 302,
    request: () => ({ url: "/api/auth/google/callback?state=x&code=y" }),
  },
  { method: "GET", route: "/uploads/:name", request: (f) => ({ url: `/uploads/${f.uploadName}` }) },
  {
    method: "POST",
    route: "/api/auth/register",
    request: () => ({
      url: "/api/auth/register",
      body: { username: `case_${crypto.randomBytes(4).toString("hex")}`, password: "password123" },
    }),
  },
  {
    method: "POST",
    route: "/api/auth/login",
    request: (f) => ({ url: "/api/auth/login", body: { username: f.loginUsername, password: "password123" } }),
  },
  // The links sent by mail (decision 0088): a forged token reaches the route and is refused there.
  {
    method: "POST",
    route: "/api/auth/password-reset",
    request: () => ({ url: "/api/auth/password-reset", body: { login: "nobody@people.example" } }),
  },
  {
    method: "POST",
    route: "/api/auth/password-reset/confirm",
    accepts: reachedRoute,
    request: () => ({
      url: "/api/auth/password-reset/confirm",
      body: { token: "x".repeat(43), password: "password123" },
    }),
  },
  {
    method: "POST",
    route: "/api/auth/address-link",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/address-link", body: { token: "x".repeat(43), kind: "verify" } }),
  },
  {
    method: "POST",
    route: "/api/auth/verify-email",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/verify-email", body: { token: "x".repeat(43) } }),
  },
  {
    method: "POST",
    route: "/api/auth/confirm-email-change",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/confirm-email-change", body: { token: "x".repeat(43) } }),
  },
  {
    method: "POST",
    route: "/api/auth/cancel-email-change",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/cancel-email-change", body: { token: "x".repeat(43) } }),
  },
  {
    method: "POST",
    route: "/api/callbacks/kie",
    accepts: reachedRoute,
    request: (f) => ({ url: "/api/callbacks/kie", body: { code: 200, data: { taskId: f.taskId } } }),
  },
  {
    method: "POST",
    route: "/paypal/webhook",
    // Refused before the settings are read: no PAYPAL-* headers (decision 0133).
    accepts: (status, body) => status === 401 && body.includes("Invalid webhook signature"),
    request: () => ({
      url: "/paypal/webhook",
      raw: {
        contentType: "application/json",
        payload: JSON.stringify({ event_type: "PAYMENT.CAPTURE.REFUNDED", resource: {} }),
      },
    }),
  },
  {
    method: "POST",
    route: "/api/creem/webhook",
    accepts: (status, body) => status === 401 && body.includes("not configured"),
    request: () => ({
      url: "/api/creem/webhook",
      raw: {
        contentType: "application/json",
        payload: JSON.stringify({ eventType: "checkout.completed", object: {} }),
      },
    }),
  },

  { method: "GET", route: "/api/auth/current-user", request: () => ({ url: "/api/auth/current-user" }) },
  { method: "GET", route: "/api/user/stats", request: () => ({ url: "/api/user/stats" }) },
  // The second factor (decision 0092): the owner has none, so the checks answer for themselves.
  { method: "GET", route: "/api/auth/second-factor", request: () => ({ url: "/api/auth/second-factor" }) },
  {
    method: "POST",
    route: "/api/auth/second-factor/verify",
    accepts: wrongSecondFactor,
    request: () => ({ url: "/api/auth/second-factor/verify", body: { method: "totp", code: "000000" } }),
  },
  {
    method: "POST",
    route: "/api/auth/second-factor/passkey/options",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/second-factor/passkey/options", body: {} }),
  },
  {
    method: "POST",
    route: "/api/auth/second-factor/passkey/verify",
    accepts: wrongSecondFactor,
    request: () => ({ url: "/api/auth/second-factor/passkey/verify", body: { response: {} } }),
  },
  {
    method: "POST",
    route: "/api/auth/second-factor/totp/setup",
    request: () => ({ url: "/api/auth/second-factor/totp/setup", body: {} }),
  },
  {
    method: "POST",
    route: "/api/auth/second-factor/totp/confirm",
    accepts: wrongSecondFactor,
    request: () => ({ url: "/api/auth/second-factor/totp/confirm", body: { code: "000000", password: "password123" } }),
  },
  {
    method: "DELETE",
    route: "/api/auth/second-factor/totp",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/second-factor/totp" }),
  },
  {
    method: "POST",
    route: "/api/auth/second-factor/passkeys/options",
    request: () => ({ url: "/api/auth/second-factor/passkeys/options", body: { password: "password123" } }),
  },
  {
    method: "POST",
    route: "/api/auth/second-factor/passkeys",
    accepts: reachedRoute,
    request: () => ({
      url: "/api/auth/second-factor/passkeys",
      body: { name: "Laptop", response: {}, password: "password123" },
    }),
  },
  {
    method: "DELETE",
    route: "/api/auth/second-factor/passkeys/:passkeyId",
    accepts: reachedRoute,
    request: () => ({ url: `/api/auth/second-factor/passkeys/${crypto.randomUUID()}` }),
  },
  {
    method: "POST",
    route: "/api/auth/second-factor/recovery-codes",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/second-factor/recovery-codes", body: {} }),
  },
  { method: "GET", route: "/api/user/export", request: () => ({ url: "/api/user/export" }) },
  // A change of address or a confirmation sent again may be refused as too frequent (429): the route answered.
  {
    method: "POST",
    route: "/api/user/email",
    accepts: reachedRoute,
    request: () => ({
      url: "/api/user/email",
      body: { email: `case.${crypto.randomBytes(4).toString("hex")}@people.example`, currentPassword: "password123" },
    }),
  },
  {
    method: "POST",
    route: "/api/user/email/verification",
    accepts: reachedRoute,
    request: () => ({ url: "/api/user/email/verification", body: {} }),
  },

  { method: "GET", route: "/api/transactions", request: () => ({ url: "/api/transactions?page=1&limit=10" }) },
  {
    method: "GET",
    route: "/api/payments/orders/:orderId/receipt",
    ownerOnly: true,
    request: (f) => ({ url: `/api/payments/orders/${f.receiptOrderId}/receipt` }),
  },
  { method: "GET", route: "/api/user/notices", request: () => ({ url: "/api/user/notices" }) },
  {
    method: "PUT",
    route: "/api/user/notices",
    request: () => ({ url: "/api/user/notices", body: { videoReady: true } }),
  },
  // A mail client's one-click unsubscribe (RFC 8058): the signed link alone decides.
  {
    method: "POST",
    route: "/api/mail/unsubscribe",
    request: (f) => ({
      url: `/api/mail/unsubscribe?${f.unsubscribeQuery}`,
      raw: { contentType: "application/x-www-form-urlencoded", payload: "List-Unsubscribe=One-Click" },
    }),
  },
  {
    method: "GET",
    route: "/api/mail/unsubscribe",
    accepts: (status) => status === 303,
    request: (f) => ({ url: `/api/mail/unsubscribe?${f.unsubscribeQuery}` }),
  },
  { method: "GET", route: "/api/video-tasks", request: () => ({ url: "/api/video-tasks" }) },
  {
    method: "GET",
    route: "/api/video-status/:taskId",
    ownerOnly: true,
    request: (f) => ({ url: `/api/video-status/${f.taskId}` }),
  },
  {
    method: "GET",
    route: "/api/hd-video/:taskId",
    ownerOnly: true,
    request: (f) => ({ url: `/api/hd-video/${f.taskId}` }),
  },
  {
    method: "GET",
    route: "/api/videos/:taskId/download",
    ownerOnly: true,
    // The fixture's video is archived: the download is our own copy (decision 0043).
    accepts: (status) => status === 302,
    request: (f) => ({ url: `/api/videos/${f.taskId}/download?quality=720p` }),
  },
  {
    method: "GET",
    route: "/media/videos/:file",
    ownerOnly: true,
    request: (f) => ({ url: `/media/videos/${f.videoFileId}.mp4` }),
  },
  // A kept video's frame (decision 0166): its owner, or a signed link.
  {
    method: "GET",
    route: "/media/posters/:file",
    ownerOnly: true,
    request: (f) => ({ url: `/media/posters/${f.videoFileId}.jpg` }),
  },
  {
    method: "PUT",
    route: "/api/videos/:taskId/sharing",
    ownerOnly: true,
    request: (f) => ({ url: `/api/videos/${f.taskId}/sharing`, body: { isPublic: true, hidePrompt: false } }),
  },
  // Public: nothing is shared under this id, and the page says so.
  {
    method: "GET",
    route: "/v/:shareId",
    accepts: (status) => status === 404,
    request: () => ({ url: "/v/nothing-shared-here" }),
  },
  // A referral link (decision 0157): always a redirect, a cookie only for a known code.
  {
    method: "GET",
    route: "/r/:code",
    accepts: (status) => status === 302,
    request: () => ({ url: "/r/ZZZZZZZZ" }),
  },
  // Public: a shared video's picture (decision 0083); nothing is shared under this id.
  {
    method: "GET",
    route: "/media/shares/:file",
    accepts: (status) => status === 404,
    request: () => ({ url: "/media/shares/nothing-shared-here.jpg" }),
  },
  {
    method: "POST",
    route: "/api/force-update-hd/:taskId",
    ownerOnly: true,
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/force-update-hd/${f.taskId}`, body: {} }),
  },
  {
    method: "GET",
    route: "/api/videos/:taskId/extend",
    ownerOnly: true,
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/videos/${f.taskId}/extend` }),
  },
  {
    method: "POST",
    route: "/api/videos/:taskId/extend",
    ownerOnly: true,
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/videos/${f.taskId}/extend`, body: { prompt: "continue" } }),
  },
  {
    // The fixture's task is no draft: the owner reaches the route and is told so (409).
    method: "POST",
    route: "/api/videos/:taskId/final",
    ownerOnly: true,
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/videos/${f.taskId}/final`, body: {} }),
  },
  {
    method: "POST",
    route: "/api/videos/:taskId/upgrade-4k",
    ownerOnly: true,
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/videos/${f.taskId}/upgrade-4k`, body: {} }),
  },
  {
    method: "POST",
    route: "/api/generate-video",
    request: () => ({ url: "/api/generate-video", body: { prompt: "a calm lake at dawn", model: "veo3_fast" } }),
  },
  {
    method: "POST",
    route: "/api/images/upload",
    request: () => ({ url: "/api/images/upload", raw: multipartImage() }),
  },
  {
    method: "POST",
    route: "/api/first-frames",
    request: () => ({ url: "/api/first-frames", body: { prompt: "a calm lake at dawn", aspectRatio: "16:9" } }),
  },
  {
    method: "GET",
    route: "/api/first-frames/:id",
    ownerOnly: true,
    request: (f) => ({ url: `/api/first-frames/${f.imageTaskId}` }),
  },
  { method: "GET", route: "/api/user-tokens", request: () => ({ url: "/api/user-tokens" }) },
  {
    method: "POST",
    route: "/api/user-tokens",
    request: () => ({ url: "/api/user-tokens", body: { name: "case token" } }),
  },
  {
    method: "POST",
    route: "/api/user-tokens/default",
    accepts: reachedRoute,
    request: () => ({ url: "/api/user-tokens/default", body: {} }),
  },
  {
    method: "DELETE",
    route: "/api/user-tokens/:id",
    ownerOnly: true,
    request: (f) => ({ url: `/api/user-tokens/${f.tokenId}` }),
  },
  // OAuth for the MCP server (decision 0169): the consent page's calls and the connections.
  {
    method: "GET",
    route: "/api/oauth/consent",
    request: (f) => ({ url: `/api/oauth/consent?${new URLSearchParams(oauthRequest(f)).toString()}` }),
  },
  {
    method: "POST",
    route: "/api/oauth/consent",
    request: (f) => ({
      url: "/api/oauth/consent",
      body: { ...oauthRequest(f), approve: true, scopes: ["videos:read"] },
    }),
  },
  { method: "GET", route: "/api/oauth/connections", request: () => ({ url: "/api/oauth/connections" }) },
  {
    method: "DELETE",
    route: "/api/oauth/connections/:id",
    ownerOnly: true,
    request: (f) => ({ url: `/api/oauth/connections/${f.oauthConnectionId}` }),
  },
  { method: "GET", route: "/api/webhooks", request: () => ({ url: "/api/webhooks" }) },
  {
    method: "POST",
    route: "/api/webhooks/endpoints",
    // A public address written as one: saved without a DNS lookup, and nothing is sent in these tests.
    request: () => ({
      url: "/api/webhooks/endpoints",
      body: { url: "https://93.184.216.34/hook", events: ["video.completed"] },
    }),
  },
  {
    method: "PATCH",
    route: "/api/webhooks/endpoints/:id",
    ownerOnly: true,
    request: (f) => ({ url: `/api/webhooks/endpoints/${f.webhookEndpointId}`, body: { description: "renamed" } }),
  },
  {
    method: "POST",
    route: "/api/webhooks/endpoints/:id/rotate-secret",
    ownerOnly: true,
    request: (f) => ({ url: `/api/webhooks/endpoints/${f.webhookEndpointId}/rotate-secret`, body: {} }),
  },
  {
    method: "POST",
    route: "/api/webhooks/endpoints/:id/test",
    ownerOnly: true,
    request: (f) => ({ url: `/api/webhooks/endpoints/${f.webhookEndpointId}/test`, body: {} }),
  },
  {
    method: "GET",
    route: "/api/webhooks/endpoints/:id/attempts",
    ownerOnly: true,
    request: (f) => ({ url: `/api/webhooks/endpoints/${f.webhookEndpointId}/attempts` }),
  },
  {
    method: "POST",
    route: "/api/webhooks/deliveries/:id/resend",
    ownerOnly: true,
    request: (f) => ({ url: `/api/webhooks/deliveries/${f.webhookDeliveryId}/resend`, body: {} }),
  },
  {
    method: "POST",
    route: "/api/webhooks/callback-secret",
    request: () => ({ url: "/api/webhooks/callback-secret", body: {} }),
  },
  {
    method: "PUT",
    route: "/api/webhooks/low-credits",
    request: () => ({ url: "/api/webhooks/low-credits", body: { threshold: 5 } }),
  },
  {
    method: "POST",
    route: "/api/creem/checkout",
    accepts: notConfigured,
    request: (f) => ({ url: "/api/creem/checkout", body: { packageId: f.packageId } }),
  },
  { method: "GET", route: "/api/subscription", request: () => ({ url: "/api/subscription" }) },
  { method: "GET", route: "/api/referrals", request: () => ({ url: "/api/referrals" }) },
  // No provider can sell the case's plan here: the route answers for itself.
  {
    method: "POST",
    route: "/api/subscription/checkout",
    accepts: reachedRoute,
    request: (f) => ({
      url: "/api/subscription/checkout",
      body: { planId: f.planId, interval: "month", provider: "creem" },
    }),
  },
  {
    method: "POST",
    route: "/api/subscription/paypal-confirm",
    accepts: notConfigured,
    request: () => ({ url: "/api/subscription/paypal-confirm", body: { subscriptionId: "I-ROUTECASE" } }),
  },
  // The caller has no plan: 404 from the route itself.
  {
    method: "POST",
    route: "/api/subscription/cancel",
    accepts: reachedRoute,
    request: () => ({ url: "/api/subscription/cancel" }),
  },
  {
    method: "POST",
    route: "/api/subscription/resume",
    accepts: reachedRoute,
    request: () => ({ url: "/api/subscription/resume" }),
  },
  {
    method: "POST",
    route: "/api/subscription/change",
    accepts: reachedRoute,
    request: (f) => ({ url: "/api/subscription/change", body: { planId: f.planId, interval: "month" } }),
  },
  {
    method: "GET",
    route: "/api/subscription/portal",
    accepts: reachedRoute,
    request: () => ({ url: "/api/subscription/portal" }),
  },
  {
    method: "POST",
    route: "/api/creem/confirm",
    accepts: reachedRoute,
    request: () => ({ url: "/api/creem/confirm", body: { checkoutId: "ch_case" } }),
  },
  {
    method: "POST",
    route: "/paypal/order",
    accepts: notConfigured,
    request: (f) => ({ url: "/paypal/order", body: { packageId: f.packageId } }),
  },
  {
    method: "POST",
    route: "/paypal/order/:orderId/capture",
    ownerOnly: true,
    accepts: notConfigured,
    request: (f) => ({ url: `/paypal/order/${f.paypalOrderId}/capture`, body: {} }),
  },
  {
    method: "GET",
    route: "/api/auth/google/connection",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/google/connection" }),
  },
  {
    method: "POST",
    route: "/api/auth/google/link",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/google/link", body: {} }),
  },
  {
    method: "POST",
    route: "/api/auth/google/new-account",
    accepts: reachedRoute,
    request: () => ({ url: "/api/auth/google/new-account", body: {} }),
  },
  { method: "GET", route: "/api/events", request: () => ({ url: "/api/events" }) },
  {
    method: "POST",
    route: "/api/n8n/generate",
    request: () => ({ url: "/api/n8n/generate", body: { prompt: "a calm lake at dawn", model: "veo3_fast" } }),
  },
  {
    method: "POST",
    route: "/api/n8n/videos/:taskId/extend",
    ownerOnly: true,
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/n8n/videos/${f.taskId}/extend`, body: { prompt: "continue" } }),
  },
  {
    method: "POST",
    route: "/api/n8n/videos/:taskId/final",
    ownerOnly: true,
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/n8n/videos/${f.taskId}/final`, body: {} }),
  },
  {
    method: "GET",
    route: "/api/n8n/video-status/:taskId",
    ownerOnly: true,
    request: (f) => ({ url: `/api/n8n/video-status/${f.taskId}` }),
  },
  { method: "GET", route: "/api/n8n/balance", request: () => ({ url: "/api/n8n/balance" }) },
  { method: "GET", route: "/api/n8n/videos", request: () => ({ url: "/api/n8n/videos?limit=5" }) },
  {
    method: "POST",
    route: "/api/n8n/videos/:taskId/upgrade-4k",
    ownerOnly: true,
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/n8n/videos/${f.taskId}/upgrade-4k` }),
  },
  // Webhook endpoints managed with the API token (decision 0171).
  {
    method: "PUT",
    route: "/api/n8n/webhooks",
    request: () => ({
      url: "/api/n8n/webhooks",
      body: { url: "https://93.184.216.34/n8n-hook", events: ["video.completed"] },
    }),
  },
  {
    method: "GET",
    route: "/api/n8n/webhooks/:id",
    ownerOnly: true,
    request: (f) => ({ url: `/api/n8n/webhooks/${f.webhookEndpointId}` }),
  },
  {
    method: "POST",
    route: "/api/n8n/codes/redeem",
    accepts: codeRefusal,
    request: () => ({ url: "/api/n8n/codes/redeem", body: { code: "NOTA-REAL-CODE" } }),
  },
  // The MCP server (decision 0168): JSON-RPC with the API token; stateless, so GET and DELETE are 405.
  {
    method: "POST",
    route: "/mcp",
    request: () => ({
      url: "/mcp",
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "estimate_cost", arguments: { model: "veo3_fast", resolution: "720p" } },
      },
    }),
  },
  { method: "GET", route: "/mcp", accepts: (status) => status === 405, request: () => ({ url: "/mcp" }) },
  { method: "DELETE", route: "/mcp", accepts: (status) => status === 405, request: () => ({ url: "/mcp" }) },
  {
    method: "GET",
    route: "/.well-known/oauth-protected-resource/mcp",
    request: () => ({ url: "/.well-known/oauth-protected-resource/mcp" }),
  },
  // The OAuth endpoints MCP clients call (decision 0169): they read no cookie and check what they are sent.
  {
    method: "GET",
    route: "/.well-known/oauth-authorization-server",
    request: () => ({ url: "/.well-known/oauth-authorization-server" }),
  },
  {
    method: "POST",
    route: "/oauth/register",
    request: () => ({
      url: "/oauth/register",
      body: { redirect_uris: ["https://app.example/cb"], client_name: "Route case agent" },
    }),
  },
  {
    method: "POST",
    route: "/oauth/token",
    accepts: (status, body) => status === 400 && body.includes('"error":"invalid_grant"'),
    request: (f) => ({
      url: "/oauth/token",
      body: {
        grant_type: "authorization_code",
        code: "not-a-code",
        redirect_uri: "https://app.example/cb",
        client_id: f.oauthClientId,
        code_verifier: "v".repeat(43),
      },
    }),
  },
  {
    method: "POST",
    route: "/oauth/revoke",
    request: (f) => ({ url: "/oauth/revoke", body: { token: "not-a-token", client_id: f.oauthClientId } }),
  },
  // Prompt help (decision 0160): the built-in rules, free by default.
  {
    method: "POST",
    route: "/api/prompt-help",
    request: () => ({
      url: "/api/prompt-help",
      body: { prompt: "a calm lake at dawn", model: "veo3_fast", mode: "text" },
    }),
  },
  // Codes (decision 0156): a code that does not exist, refused by the route itself.
  {
    method: "POST",
    route: "/api/codes/redeem",
    accepts: codeRefusal,
    request: () => ({ url: "/api/codes/redeem", body: { code: "NOTA-REAL-CODE" } }),
  },
  {
    method: "POST",
    route: "/api/codes/quote",
    accepts: codeRefusal,
    request: (f) => ({ url: "/api/codes/quote", body: { code: "NOTA-REAL-CODE", packageId: f.packageId } }),
  },

  { method: "GET", route: "/api/admin/users", request: () => ({ url: "/api/admin/users" }) },
  {
    method: "PUT",
    route: "/api/admin/users/:userId/toggle",
    request: (f) => ({ url: `/api/admin/users/${f.targetUserId}/toggle`, body: { isActive: true } }),
  },
  {
    method: "PUT",
    route: "/api/admin/users/:userId/in-flight-limit",
    request: (f) => ({ url: `/api/admin/users/${f.targetUserId}/in-flight-limit`, body: { maxVideosInFlight: null } }),
  },
  {
    method: "PUT",
    route: "/api/admin/users/:userId/credits",
    request: (f) => ({
      url: `/api/admin/users/${f.targetUserId}/credits`,
      body: { change: "add", amount: 7, reason: "route case", expectedCredits: 0 },
    }),
  },
  { method: "GET", route: "/api/admin/users/:userId", request: (f) => ({ url: `/api/admin/users/${f.targetUserId}` }) },
  {
    method: "GET",
    route: "/api/admin/users/:userId/videos",
    request: (f) => ({ url: `/api/admin/users/${f.ownerId}/videos?page=1` }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:userId/sessions",
    request: (f) => ({ url: `/api/admin/users/${f.targetUserId}/sessions` }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:userId/api-tokens/:tokenId",
    request: (f) => ({ url: `/api/admin/users/${f.ownerId}/api-tokens/${f.tokenId}` }),
  },
  {
    method: "POST",
    route: "/api/admin/users/:userId/password-reset",
    // Sent, or refused for the target's missing address or the minute's limit: the route answered.
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/admin/users/${f.targetUserId}/password-reset` }),
  },
  {
    method: "GET",
    route: "/api/admin/audit-log",
    request: () => ({ url: "/api/admin/audit-log?action=settings.update" }),
  },
  { method: "GET", route: "/api/admin/overview", request: () => ({ url: "/api/admin/overview?range=30d" }) },
  { method: "GET", route: "/api/admin/overview/setup", request: () => ({ url: "/api/admin/overview/setup" }) },
  { method: "GET", route: "/api/admin/settings", request: () => ({ url: "/api/admin/settings" }) },
  {
    method: "GET",
    route: "/api/admin/settings/payment-checks",
    request: () => ({ url: "/api/admin/settings/payment-checks" }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings",
    request: () => ({ url: "/api/admin/settings", body: { veo3FastCredits: 20, confirmBelowCost: true } }),
  },
  {
    method: "POST",
    route: "/api/admin/prices/at-margin",
    request: () => ({ url: "/api/admin/prices/at-margin", body: { reason: "every route" } }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/telegram",
    request: () => ({ url: "/api/admin/settings/telegram", body: { telegramChatId: "-100200300" } }),
  },
  {
    method: "POST",
    route: "/api/test-telegram",
    accepts: reachedRoute,
    request: () => ({ url: "/api/test-telegram", body: {} }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/mail",
    request: () => ({ url: "/api/admin/settings/mail", body: { mailFrom: "Veo Studio <no-reply@veo.example>" } }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/second-factor",
    request: () => ({ url: "/api/admin/settings/second-factor", body: { required: false } }),
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:userId/second-factor",
    request: (f) => ({ url: `/api/admin/users/${f.targetUserId}/second-factor` }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/sign-ups",
    request: () => ({ url: "/api/admin/settings/sign-ups", body: { emailDomainsBlocked: ["spam.veo.example"] } }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/referrals",
    request: () => ({ url: "/api/admin/settings/referrals", body: { referralSharePercent: 12 } }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/prompt-help",
    request: () => ({ url: "/api/admin/settings/prompt-help", body: { promptHelpMode: "builtin" } }),
  },
  { method: "GET", route: "/api/admin/referrals", request: () => ({ url: "/api/admin/referrals?days=30" }) },
  {
    method: "GET",
    route: "/api/admin/users/:userId/referrals",
    request: (f) => ({ url: `/api/admin/users/${f.targetUserId}/referrals` }),
  },
  { method: "GET", route: "/api/admin/mail/status", request: () => ({ url: "/api/admin/mail/status" }) },
  {
    method: "POST",
    route: "/api/admin/mail/test",
    // No mail server here: the test is kept in the local outbox (200); a limit may answer 429.
    accepts: reachedRoute,
    request: () => ({ url: "/api/admin/mail/test", body: { to: "owner@veo.example" } }),
  },
  { method: "GET", route: "/api/admin/mail", request: () => ({ url: "/api/admin/mail?status=kept" }) },
  // No such message: the route answers 404 (or 409) for itself.
  {
    method: "GET",
    route: "/api/admin/mail/:id",
    accepts: reachedRoute,
    request: () => ({ url: `/api/admin/mail/${crypto.randomUUID()}` }),
  },
  {
    method: "POST",
    route: "/api/admin/mail/:id/retry",
    accepts: reachedRoute,
    request: () => ({ url: `/api/admin/mail/${crypto.randomUUID()}/retry`, body: {} }),
  },
  {
    method: "POST",
    route: "/api/admin/mail/:id/new-link",
    accepts: reachedRoute,
    request: () => ({ url: `/api/admin/mail/${crypto.randomUUID()}/new-link`, body: {} }),
  },
  // Prompt screening (decision 0089).
  {
    method: "GET",
    route: "/api/admin/settings/moderation",
    request: () => ({ url: "/api/admin/settings/moderation" }),
  },
  {
    method: "PUT",
    route: "/api/admin/settings/moderation",
    request: () => ({ url: "/api/admin/settings/moderation", body: { moderationRefusalsFlag: 6 } }),
  },
  {
    method: "GET",
    route: "/api/admin/moderation",
    request: () => ({ url: "/api/admin/moderation?outcome=refused&source=web" }),
  },
  // No such entry: the route answers 404 for itself.
  {
    method: "POST",
    route: "/api/admin/moderation/:id/review",
    accepts: reachedRoute,
    request: () => ({ url: `/api/admin/moderation/${crypto.randomUUID()}/review`, body: {} }),
  },
  { method: "GET", route: "/api/admin/credit-packages", request: () => ({ url: "/api/admin/credit-packages" }) },
  { method: "GET", route: "/api/admin/plans", request: () => ({ url: "/api/admin/plans" }) },
  { method: "GET", route: "/api/admin/codes", request: () => ({ url: "/api/admin/codes" }) },
  {
    method: "POST",
    route: "/api/admin/codes",
    request: () => ({ url: "/api/admin/codes", body: { kind: "grant", credits: 5 } }),
  },
  {
    method: "POST",
    route: "/api/admin/codes/bulk",
    request: () => ({ url: "/api/admin/codes/bulk", body: { kind: "discount", percentOff: 10, count: 2 } }),
  },
  { method: "GET", route: "/api/admin/codes/export.csv", request: () => ({ url: "/api/admin/codes/export.csv" }) },
  {
    method: "GET",
    route: "/api/admin/codes/:id",
    accepts: reachedRoute,
    request: () => ({ url: `/api/admin/codes/${crypto.randomUUID()}` }),
  },
  {
    method: "PATCH",
    route: "/api/admin/codes/:id",
    accepts: reachedRoute,
    request: () => ({ url: `/api/admin/codes/${crypto.randomUUID()}`, body: { label: "route case" } }),
  },
  {
    method: "GET",
    route: "/api/admin/codes/:id/redemptions",
    accepts: reachedRoute,
    request: () => ({ url: `/api/admin/codes/${crypto.randomUUID()}/redemptions` }),
  },
  {
    method: "POST",
    route: "/api/admin/plans",
    request: () => ({ url: "/api/admin/plans", body: { name: "Case plan", monthlyPrice: "9.00", creditsPerMonth: 5 } }),
  },
  {
    method: "PUT",
    route: "/api/admin/plans/:id",
    request: (f) => ({
      url: `/api/admin/plans/${f.planId}`,
      body: { name: "Route plan", monthlyPrice: "8.00", creditsPerMonth: 4 },
    }),
  },
  // The target has no plan: 404 from the route itself.
  {
    method: "POST",
    route: "/api/admin/users/:userId/plan/cancel",
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/admin/users/${f.targetUserId}/plan/cancel`, body: { reason: "route case" } }),
  },
  { method: "GET", route: "/api/admin/legal", request: () => ({ url: "/api/admin/legal" }) },
  { method: "GET", route: "/api/admin/showcase", request: () => ({ url: "/api/admin/showcase" }) },
  { method: "GET", route: "/api/admin/explore", request: () => ({ url: "/api/admin/explore?filter=reported" }) },
  // The fixture's video is not in Explore: the route answers for itself (404).
  {
    method: "POST",
    route: "/api/admin/explore/:taskId",
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/admin/explore/${f.taskId}`, body: { action: "dismiss_reports" } }),
  },
  {
    method: "PUT",
    route: "/api/admin/showcase",
    request: () => ({ url: "/api/admin/showcase", body: { videos: [] } }),
  },
  {
    method: "PUT",
    route: "/api/admin/showcase/model-samples/:model",
    request: () => ({ url: "/api/admin/showcase/model-samples/veo3", body: { taskId: null } }),
  },
  {
    method: "PUT",
    route: "/api/admin/legal/:page/:locale",
    request: () => ({ url: "/api/admin/legal/refunds/en", body: { markdown: "## Refunds\n\nAsk us." } }),
  },
  {
    method: "POST",
    route: "/api/admin/credit-packages",
    request: () => ({ url: "/api/admin/credit-packages", body: { name: "Case pack", credits: 5, price: "2.00" } }),
  },
  {
    method: "PUT",
    route: "/api/admin/credit-packages/:id",
    request: (f) => ({
      url: `/api/admin/credit-packages/${f.packageId}`,
      body: { name: "Route pack", credits: 12, price: "1.50" },
    }),
  },
  { method: "GET", route: "/api/admin/kie-apis", request: () => ({ url: "/api/admin/kie-apis" }) },
  {
    method: "POST",
    route: "/api/admin/kie-apis",
    request: () => ({
      url: "/api/admin/kie-apis",
      body: { name: "case account", token: `case-token-${crypto.randomBytes(4).toString("hex")}`, isEnabled: false },
    }),
  },
  {
    method: "PUT",
    route: "/api/admin/kie-apis/:id",
    request: (f) => ({ url: `/api/admin/kie-apis/${f.vendorAccountId}`, body: { name: "renamed" } }),
  },
  {
    method: "POST",
    route: "/api/admin/kie-apis/:id/check-credits",
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/admin/kie-apis/${f.vendorAccountId}/check-credits`, body: {} }),
  },
  { method: "GET", route: "/api/admin/vendor-models", request: () => ({ url: "/api/admin/vendor-models" }) },
  {
    method: "PUT",
    route: "/api/admin/vendor-models/:model/:vendor",
    request: () => ({
      url: "/api/admin/vendor-models/kling3/kie",
      body: { vendorModelId: null, state: "active", reason: "route case" },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/payment-orders/:orderId/refund",
    // The fixture order was never paid: the route answers for itself.
    accepts: (status, body) => status === 409 && body.includes("completed payment"),
    request: (f) => ({
      url: `/api/admin/payment-orders/${f.paymentOrderId}/refund`,
      body: { amount: "1.00", reason: "route case", expectedRefundedCents: 0 },
    }),
  },
  {
    method: "POST",
    route: "/api/admin/payment-orders/:orderId/dispute",
    accepts: (status, body) => status === 409 && body.includes("PayPal decides"),
    request: (f) => ({
      url: `/api/admin/payment-orders/${f.paymentOrderId}/dispute`,
      body: { disputeId: "PP-D-CASE", outcome: "won", reason: "route case" },
    }),
  },
  {
    method: "GET",
    route: "/api/admin/transactions",
    request: () => ({ url: "/api/admin/transactions?page=1&limit=20" }),
  },
  {
    method: "GET",
    route: "/api/admin/exports/transactions.csv",
    request: (f) => ({
      url: `/api/admin/exports/transactions.csv?type=usage&user=case&userId=${f.ownerId}&dateFrom=2026-01-01`,
    }),
  },
  {
    method: "GET",
    route: "/api/admin/exports/users.csv",
    request: () => ({ url: "/api/admin/exports/users.csv?q=case&status=active&sort=credits" }),
  },
  {
    method: "POST",
    route: "/api/video/:taskId/refund",
    accepts: reachedRoute,
    request: (f) => ({ url: `/api/video/${f.taskId}/refund`, body: { reason: "route case" } }),
  },
  {
    method: "POST",
    route: "/api/admin/recheck-failed-videos",
    request: () => ({ url: "/api/admin/recheck-failed-videos", body: {} }),
  },
  { method: "GET", route: "/api/admin/video-storage", request: () => ({ url: "/api/admin/video-storage" }) },
  {
    method: "DELETE",
    route: "/api/admin/delete-failed-videos",
    request: () => ({ url: "/api/admin/delete-failed-videos" }),
  },
  {
    method: "DELETE",
    route: "/api/admin/credit-packages/:id",
    request: (f) => ({ url: `/api/admin/credit-packages/${f.packageId}` }),
  },
  { method: "DELETE", route: "/api/admin/plans/:id", request: (f) => ({ url: `/api/admin/plans/${f.planId}` }) },
  {
    method: "DELETE",
    route: "/api/admin/kie-apis/:id",
    request: (f) => ({ url: `/api/admin/kie-apis/${f.vendorAccountId}` }),
  },

  // Before the case that deletes every token: this one needs the owner's.
  {
    method: "DELETE",
    route: "/api/n8n/webhooks/:id",
    ownerOnly: true,
    request: (f) => ({ url: `/api/n8n/webhooks/${f.spareWebhookEndpointId}` }),
  },
  { method: "DELETE", route: "/api/user-tokens", request: () => ({ url: "/api/user-tokens" }) },
  {
    method: "DELETE",
    route: "/api/webhooks/endpoints/:id",
    ownerOnly: true,
    request: (f) => ({ url: `/api/webhooks/endpoints/${f.webhookEndpointId}` }),
  },
  {
    method: "PUT",
    route: "/api/user/change-password",
    request: () => ({
      url: "/api/user/change-password",
      body: { currentPassword: "password123", newPassword: "password123" },
    }),
  },
  {
    method: "PUT",
    route: "/api/user/language",
    request: () => ({ url: "/api/user/language", body: { language: "vi" } }),
  },
  { method: "DELETE", route: "/api/user/sessions", request: () => ({ url: "/api/user/sessions" }) },
  // Not the owner's username: the route refuses to delete (400) rather than ending the fixtures' owner.
  {
    method: "POST",
    route: "/api/user/delete",
    accepts: reachedRoute,
    request: () => ({ url: "/api/user/delete", body: { password: "password123", confirm: "someone-else" } }),
  },
  // Someone else's ids are only reported missing (tests/integration/video-gallery.test.ts).
  {
    method: "POST",
    route: "/api/videos/bulk-delete",
    request: () => ({ url: "/api/videos/bulk-delete", body: { taskIds: ["no-such-video"] } }),
  },
  {
    method: "DELETE",
    route: "/api/videos/:taskId",
    ownerOnly: true,
    request: (f) => ({ url: `/api/videos/${f.spareTaskId}` }),
  },
  { method: "POST", route: "/api/auth/logout", request: () => ({ url: "/api/auth/logout", body: {} }) },
];

/** Routes with no input and nothing to authorize: the landing page's sample clips (static files). */
const isStaticFile = (entry: RouteAccessEntry): boolean => entry.url.startsWith("/media/showcase/");

export const caseKey = (c: { method: string; route?: string; url?: string }) => `${c.method} ${c.route ?? c.url}`;

/** The app's own route table (HEAD aside: Fastify adds one per GET), without static files. */
export function routeTable(t: VideoTestApp): RouteAccessEntry[] {
  return t.app.routeAccessTable.filter((r) => r.method !== "HEAD" && !isStaticFile(r));
}

export function accessOf(t: VideoTestApp, c: RouteCase): Access {
  const entry = t.app.routeAccessTable.find((r) => r.method === c.method && r.url === c.route);
  if (!entry) throw new Error(`${caseKey(c)} is not a route of the app`);
  return entry.access;
}

/** A new API token of `userId` (its bearer value and row id). */
export async function issueToken(db: Db, userId: string): Promise<{ token: string; id: string }> {
  const token = `veo_${crypto.randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId,
      tokenHash: sha256Hex(token),
      tokenMasked: `${token.slice(0, 8)}...${token.slice(-8)}`,
      name: "route case",
    })
    .returning({ id: apiTokens.id });
  return { token, id: row!.id };
}

/** `webApp`: the headers the web app adds to a session's calls (the web price asks for them; decision 0065). */
export interface People {
  owner: { id: string; cookie: string; webApp: Record<string, string>; token: string };
  other: { id: string; cookie: string; webApp: Record<string, string>; token: string };
  /** Signed in, then disabled behind its session's back. */
  disabled: { id: string; cookie: string; webApp: Record<string, string>; token: string };
  admin: { cookie: string; webApp: Record<string, string> };
}

async function person(t: VideoTestApp, credits: number) {
  const u = await userWithCredits(t.app, t.database.db, credits);
  const session = await createSession(t.database.db, u.id);
  const webApp = { "sec-fetch-site": "same-origin", "x-csrf-token": webToken(webTokenKey(t.secretBox), session) };
  const { token } = await issueToken(t.database.db, u.id);
  return { id: u.id, cookie: `sid=${session}`, webApp, token };
}

const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };

/** A video test app without rate limits in the way, its simulator, and the cases' people and rows. */
export async function startRouteCaseApp(): Promise<{
  t: VideoTestApp;
  sim: StartedSimulator;
  people: People;
  fixtures: Fixtures;
}> {
  const sim = await startSimulator({ delayMs: 50, hdDelayMs: 50 });
  const t = await createVideoTestApp({
    sim,
    env: { KIE_BASE_URL: sim.baseUrl, KIE_UPLOAD_BASE_URL: sim.baseUrl, METRICS_TOKEN: OPERATOR_TOKEN },
    rateLimits: {
      loginPerIp: UNLIMITED,
      loginFailuresPerUsername: UNLIMITED,
      registerPerIp: UNLIMITED,
      registerPerUsername: UNLIMITED,
    },
    automationRateLimits: { perToken: UNLIMITED, tokenCreation: UNLIMITED },
  });
  return { t, sim, ...(await setUpRouteCases(t)) };
}

/** The people and the rows the cases point at. */
async function setUpRouteCases(t: VideoTestApp): Promise<{ people: People; fixtures: Fixtures }> {
  const db = t.database.db;
  const adminClient = await signInAdmin(t);
  const owner = await person(t, 500);
  const other = await person(t, 500);
  const disabled = await person(t, 50);
  await db.update(users).set({ isActive: false }).where(eq(users.id, disabled.id));
  const target = await userWithCredits(t.app, db, 0);

  const gen = await t.app.inject({
    method: "POST",
    url: "/api/generate-video",
    headers: { cookie: owner.cookie, ...owner.webApp },
    payload: { prompt: "a route case video", model: "veo3_fast" },
  });
  if (gen.statusCode !== 200) throw new Error(`generate failed: ${gen.body}`);
  const taskId = gen.json<{ taskId: string }>().taskId;
  await runWorkerUntil(t, async () => (await taskRow(db, taskId)).status === "completed");
  await t.app.jobs.videoArchiver.runOnce();
  const [videoFile] = await db
    .select({ id: videoFiles.id })
    .from(videoFiles)
    .where(
      and(
        eq(videoFiles.videoTaskId, (await taskRow(db, taskId)).id),
        eq(videoFiles.quality, "720p"),
        eq(videoFiles.status, "archived"),
      ),
    );

  const [pkg] = await db.insert(creditPackages).values({ name: "Route pack", credits: 10, price: "1.00" }).returning();
  const [plan] = await db
    .insert(plans)
    .values({ name: "Route plan", monthlyPrice: "9.00", creditsPerMonth: 10 })
    .returning();
  const [account] = await db
    .insert(vendorAccounts)
    .values({
      name: "route account",
      tokenEncrypted: t.secretBox.encrypt("route-account-token"),
      tokenHash: sha256Hex("route-account-token"),
      isEnabled: false,
    })
    .returning();
  const [order] = await db
    .insert(paymentOrders)
    .values({
      userId: owner.id,
      packageId: pkg!.id,
      packageName: pkg!.name,
      provider: "paypal",
      providerOrderId: "ROUTECASE1",
      amount: "1.00",
      credits: 10,
      status: "created",
    })
    .returning();
  const raw = multipartImage()!;
  const up = await t.app.inject({
    method: "POST",
    url: "/api/images/upload",
    headers: { cookie: owner.cookie, "content-type": raw.contentType },
    payload: raw.payload,
  });
  if (up.statusCode !== 201) throw new Error(`upload failed: ${up.body}`);
  const uploadName = up.json<{ imageUrl: string }>().imageUrl.split("/uploads/")[1]!;

  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      userId: owner.id,
      url: "https://93.184.216.34/hook",
      eventTypes: ["video.completed"],
      secretEncrypted: t.secretBox.encrypt("whsec_AAAA"),
    })
    .returning();
  const eventId = `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  await db
    .insert(webhookEvents)
    .values({ id: eventId, userId: owner.id, type: "webhook.test", fannedOutAt: new Date() });
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ eventId, endpointId: endpoint!.id, payload: "{}", status: "failed" })
    .returning();

  const [oauthClient] = await db
    .insert(oauthClients)
    .values({
      clientId: "mcp_routecase",
      kind: "registered",
      name: "Route case app",
      redirectUris: ["https://app.example/cb"],
    })
    .returning();

  const fixtures: Fixtures = {
    ownerId: owner.id,
    loginUsername: target.username,
    taskId,
    videoFileId: videoFile!.id,
    spareTaskId: (
      await db
        .insert(videoTasks)
        .values({
          userId: owner.id,
          taskId: `spare_${crypto.randomUUID()}`,
          prompt: "a spare",
          model: "veo3_fast",
          aspectRatio: "9:16",
          status: "completed",
        })
        .returning()
    )[0]!.taskId,
    tokenId: (await issueToken(db, owner.id)).id,
    paypalOrderId: order!.providerOrderId!,
    paymentOrderId: order!.id,
    receiptOrderId: (
      await db
        .insert(paymentOrders)
        .values({
          userId: owner.id,
          packageName: "Route receipt pack",
          provider: "creem",
          providerOrderId: "ch_routecase",
          providerPaymentId: "ord_routecase",
          amount: "2.00",
          credits: 20,
          status: "completed",
          completedAt: new Date(),
        })
        .returning()
    )[0]!.id,
    unsubscribeQuery: unsubscribeQuery(unsubscribeKey(t.secretBox), owner.id, "video_failed"),
    targetUserId: target.id,
    packageId: pkg!.id,
    planId: plan!.id,
    vendorAccountId: account!.id,
    uploadName,
    imageTaskId: (
      await db
        .insert(imageTasks)
        .values({
          userId: owner.id,
          prompt: "a route case frame",
          aspectRatio: "16:9",
          vendorModel: "nano-banana-2",
          status: "failed",
          creditsUsed: 0,
        })
        .returning()
    )[0]!.id,
    webhookEndpointId: endpoint!.id,
    webhookDeliveryId: delivery!.id,
    oauthClientId: oauthClient!.clientId,
    oauthConnectionId: (
      await db
        .insert(oauthGrants)
        .values({
          userId: owner.id,
          clientId: oauthClient!.clientId,
          clientName: oauthClient!.name,
          scopes: ["videos:read"],
          resource: "http://localhost/mcp",
        })
        .returning()
    )[0]!.id,
    spareWebhookEndpointId: (
      await db
        .insert(webhookEndpoints)
        .values({
          userId: owner.id,
          url: "https://93.184.216.34/spare-hook",
          eventTypes: ["video.completed"],
          secretEncrypted: t.secretBox.encrypt("whsec_AAAA"),
        })
        .returning()
    )[0]!.id,
  };
  return {
    people: {
      owner,
      other,
      disabled,
      admin: { cookie: adminClient.sessionCookie!, webApp: adminClient.webAppHeaders },
    },
    fixtures,
  };
}

/** Columns that change on every read (last-seen times), left out of the fingerprint. */
const RESTLESS_COLUMNS: Record<string, string> = { sessions: "expires_at", api_tokens: "last_used" };
/** Each test database's fingerprint query: its tables are those of the migrated template, read once. */
const fingerprintQueries = new WeakMap<Db, string>();

/**
 * Everything stored, as one comparable value: rate-limit counters and last-seen times (sessions,
 * tokens) aside. One statement that hashes every table in the database: reading each table's rows
 * into the test instead made this most of the hostile-input tests' time.
 */
export async function fingerprint(db: Db): Promise<string> {
  let query = fingerprintQueries.get(db);
  if (!query) {
    const tables = (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as { rows: { table_name: string }[] };
    const names = tables.rows
      .map((r) => r.table_name)
      // Counters a refusal keeps by design: rate limits, and wrong codes (the guessing limits, decision 0156).
      .filter(
        (name) => name !== "rate_limit_windows" && name !== "promo_code_failures" && !name.startsWith("__drizzle"),
      );
    if (names.some((name) => !/^[a-z_][a-z0-9_]*$/.test(name)))
      throw new Error(`Unexpected table name in ${names.join(", ")}`);
    const perTable = names.map((name) => {
      const row = RESTLESS_COLUMNS[name] ? `to_jsonb(x) - '${RESTLESS_COLUMNS[name]}'` : "to_jsonb(x)";
      const rows = `select string_agg(r, E'\\n' order by r collate "C") from (select (${row})::text as r from "${name}" x) s`;
      return `select '${name}' as name, coalesce((${rows}), '') as body`;
    });
    query = `select md5(string_agg(name || ':' || body, E'\\n#\\n' order by name collate "C")) as f from (${perTable.join(" union all ")}) t`;
    fingerprintQueries.set(db, query);
  }
  const result = (await db.execute(sql.raw(query))) as { rows: { f: string }[] };
  return result.rows[0]!.f;
}
