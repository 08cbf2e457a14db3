/**
 * What this process counts as it works (issue 25, decision 0058): one prom-client registry per
 * process, incremented where the work happens. GET /metrics adds the database's figures (queues,
 * tasks, payments) read at each scrape, so every process reports the same totals for them.
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: "veo_" });

export const httpDuration = new Histogram({
  name: "veo_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, matched route and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

/**
 * The answers are the histogram's counts, read at each scrape: a request then updates one series,
 * not two (decision 0121).
 */
new Counter({
  name: "veo_http_requests_total",
  help: "HTTP requests answered, by method, matched route (its pattern, or 'unmatched') and status.",
  labelNames: ["method", "route", "status"] as const,
  registers: [processRegistry],
  async collect() {
    const { values } = await httpDuration.get();
    this.reset();
    for (const { metricName, labels, value } of values) {
      if (metricName === "veo_http_request_duration_seconds_count" && value > 0)
        this.inc(labels as Record<"method" | "route" | "status", string>, value);
    }
  },
});

export const providerCalls = new Counter({
  name: "veo_provider_calls_total",
  help: "Calls to the video provider (KIE or the simulator), by operation and outcome ('ok' or the error's kind).",
  labelNames: ["operation", "outcome"] as const,
  registers: [processRegistry],
});

export const mailSent = new Counter({
  name: "veo_mail_messages_total",
  help: "Mail the outbox finished with, by kind and outcome: sent, failed (gave up), kept (no mail server: the local outbox).",
  labelNames: ["kind", "outcome"] as const,
  registers: [processRegistry],
});

export const moderationDecisions = new Counter({
  name: "veo_moderation_decisions_total",
  help: "Prompt screenings (decision 0089), by screener (rules, creem, simulator) and decision (allow, flag, deny, unavailable).",
  labelNames: ["screener", "decision"] as const,
  registers: [processRegistry],
});
