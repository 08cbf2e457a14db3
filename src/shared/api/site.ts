/** The site's public and operator routes: contact channels, prices, live updates, health and metrics. */
import { contactResponseSchema } from "../schemas/contact.js";
import {
  eventStreamSchema,
  HEARTBEAT_MS,
  healthSchema,
  MAX_STREAMS_PER_USER,
  metricsTextSchema,
  readinessSchema,
} from "../schemas/site.js";
import { pricingViewSchema } from "../schemas/videos.js";
import { modelsViewSchema } from "../schemas/models.js";
import { z } from "zod";
import { defineRoute, errors } from "./contract.js";

const tags = ["Site"];

const textAnswer = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

export const siteApi = {
  /** For search engines (issue 72): what not to crawl, and where the sitemap is. */
  robots: defineRoute({
    method: "GET",
    path: "/robots.txt",
    tags,
    summary: "What search engines may crawl, and the sitemap's address",
    responses: { 200: textAnswer("text/plain", "robots.txt") },
  }),
  sitemap: defineRoute({
    method: "GET",
    path: "/sitemap.xml",
    tags,
    summary: "The public pages, and the page of every video listed in Explore",
    responses: { 200: textAnswer("application/xml", "A sitemap (sitemaps.org 0.9).") },
  }),
  contact: defineRoute({
    method: "GET",
    path: "/api/contact",
    tags,
    summary: "The contact channels the operator configured",
    responses: { 200: contactResponseSchema },
  }),
  pricing: defineRoute({
    method: "GET",
    path: "/api/pricing/current",
    tags,
    summary: "What a video costs",
    responses: { 200: pricingViewSchema },
  }),
  models: defineRoute({
    method: "GET",
    path: "/api/models",
    tags: ["Automation"],
    operationId: "listModels",
    summary: "The models you can use, what each can do, and their prices",
    description:
      "Public: no token needed. Each model's modes and images, lengths, resolutions, aspect ratios, sound, seed and upgrades, with its price per video on the website and through the API, as the server takes them now.",
    responses: { 200: modelsViewSchema },
  }),
  events: defineRoute({
    method: "GET",
    path: "/api/events",
    tags: ["Automation"],
    operationId: "streamEvents",
    summary: "Follow your videos live (optional)",
    description: [
      "A server-sent events stream (text/event-stream) of the account's changes, instead of polling. Send `Accept: text/event-stream` and keep the connection open; reconnect after 3 seconds if it closes (EventSource does this itself).",
      "Events, each with a JSON `data` line: `ready` {credits, expiring} once connected (read the state you show again then); `task` {task} when a video is created or changes (status, resultUrls, hdVideoUrl, hdStatus, errorMessage, refunded), the task as the web app lists it; `task-removed` {taskId}; `credits` {credits, expiring} when the balance changes (expiring: which of the credits expire when, as GET /api/n8n/balance says); `signed-out` {} before the stream ends because the API token was deleted or deactivated (or the session signed out, or the account disabled).",
      `Lines starting with \`:\` are keep-alive comments, every ${HEARTBEAT_MS / 1000} seconds. At most ${MAX_STREAMS_PER_USER} open streams per account and server.`,
    ].join("\n\n"),
    responses: {
      200: {
        description: "The stream; it stays open.",
        content: { "text/event-stream": { schema: eventStreamSchema } },
      },
      ...errors(401, 429, 503),
    },
  }),
  health: defineRoute({
    method: "GET",
    path: "/healthz",
    tags,
    summary: "How is this process: its database, change listener and background jobs?",
    responses: { 200: healthSchema, 503: healthSchema },
  }),
  ready: defineRoute({
    method: "GET",
    path: "/readyz",
    tags,
    summary: "May a load balancer send this process requests (its database answers)?",
    responses: { 200: readinessSchema, 503: readinessSchema },
  }),
  metrics: defineRoute({
    method: "GET",
    path: "/metrics",
    tags,
    summary: "Prometheus metrics (with METRICS_TOKEN; off without it)",
    responses: {
      200: { description: "The Prometheus text format.", content: { "text/plain": { schema: metricsTextSchema } } },
    },
  }),
};
