/**
 * The only reader of process.env. Every variable is validated here; a bad value stops start-up
 * with a message naming the variable. docs/configuration.md lists them all, with these defaults
 * (tests/repo/documentation.test.ts holds it to the schema).
 */
import path from "node:path";
import type { S3Settings } from "./integrations/storage/s3-blob-store.js";
import { z } from "zod";
import {
  isServiceAccountKey,
  parseServiceAccountKey,
  type ServiceAccountKey,
} from "./integrations/google/service-account.js";
import { withoutTrailingSlashes } from "../shared/trim.js";
import { mailFromRule } from "../shared/schemas/mail-fields.js";
import {
  contactEmailRule,
  telegramUsernameRule,
  zaloGroupUrlRule,
  zaloPhoneRule,
} from "../shared/schemas/contact-fields.js";

interface VertexConfig {
  serviceAccountKey: ServiceAccountKey | undefined;
  project: string | undefined;
  location: string;
  baseUrl: string;
  tokenUrl: string;
  timeoutMs: number;
}

/** Vertex AI's regional endpoint (the global one has no region in its host). */
const vertexBaseUrl = (location: string) =>
  location === "global" ? "https://aiplatform.googleapis.com/v1" : `https://${location}-aiplatform.googleapis.com/v1`;

/** VERTEX_SERVICE_ACCOUNT_KEY, read (checked by the schema already). */
function serviceAccountOf(text: string | undefined): ServiceAccountKey | undefined {
  const key = text === undefined ? undefined : parseServiceAccountKey(text);
  return key && isServiceAccountKey(key) ? key : undefined;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** A true/false setting that is off unless set to true. */
const offUnlessTrue = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .default("false")
  .transform((v) => v === "true" || v === "1");

/** A true/false setting that is on unless set to false. */
const onUnlessFalse = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .default("true")
  .transform((v) => v === "true" || v === "1");

/**
 * TRUST_PROXY (decision 0035): which proxies' X-Forwarded-For to believe, so that rate limits see
 * the address the nearest trusted proxy saw, never one the client wrote. Fastify 5 ignores a bare
 * hop count, so hops are passed as a trust function (with `hops` on it for tests and logs).
 */
export type TrustHops = ((address: string, hop: number) => boolean) & { readonly hops: number };
/** false: trust nothing (the socket peer is the client); hops; or the proxies' addresses/CIDRs. */
export type TrustProxy = false | TrustHops | string[];

const MAX_TRUSTED_HOPS = 10;
/** proxy-addr's own names for well-known ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function trustHops(hops: number): TrustHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

/** Why `entry` is not an address, CIDR or range name proxy-addr accepts; undefined when it is. */
function badProxyEntry(entry: string): string | undefined {
  if (entry === "") return "there is an empty entry (a stray comma?)";
  if (PROXY_RANGE_NAMES.has(entry)) return undefined;
  const slash = entry.lastIndexOf("/");
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const v4 = z.ipv4().safeParse(address).success;
  if (!v4 && !z.ipv6().safeParse(address).success) return `"${entry}" is not an IP address or CIDR`;
  if (slash === -1) return undefined;
  const prefix = entry.slice(slash + 1);
  const max = v4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return `"${entry}" has a bad prefix length (1-${max})`;
  if (Number(prefix) === 0) return `"${entry}" would trust every address; name the proxies' addresses`;
  return undefined;
}

const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): TrustProxy => {
    const value = (raw ?? "").trim().toLowerCase();
    if (value === "" || value === "false" || value === "0") return false;
    // `true` once meant "trust every hop", which let a client write its own address: now one proxy.
    if (value === "true") return trustHops(1);
    const usage = `must be false, true (one proxy), the number of proxies in front (1-${MAX_TRUSTED_HOPS}), or the proxies' addresses/CIDRs separated by commas`;
    if (/^\d+$/.test(value)) {
      if (Number(value) <= MAX_TRUSTED_HOPS) return trustHops(Number(value));
      ctx.addIssue({ code: "custom", message: `${usage}; ${value} hops is more than any real set-up` });
      return z.NEVER;
    }
    const entries = value.split(",").map((e) => e.trim());
    const problem = entries.map(badProxyEntry).find((p) => p !== undefined);
    if (problem) {
      ctx.addIssue({ code: "custom", message: `${usage}; ${problem}` });
      return z.NEVER;
    }
    return entries;
  });

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
  .transform(withoutTrailingSlashes);
const positiveInt = z.coerce
  .number({ error: "must be a number" })
  .int("must be an integer")
  .min(1, "must be at least 1");
const nonNegativeInt = z.coerce
  .number({ error: "must be a number" })
  .int("must be an integer")
  .min(0, "must be 0 or more");

const zaloPhone = optionalText.pipe(zaloPhoneRule().optional());
const telegramUsername = optionalText.pipe(telegramUsernameRule().optional());

export const envSchema = z
  .object({
    PORT: z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    HOST: z.string().trim().min(1, "must not be empty").default("0.0.0.0"),
    DATA_DIR: z.string().trim().min(1, "must not be empty").default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    DATABASE_POOL_SIZE: positiveInt.max(500, "must be at most 500").default(20),
    EMBEDDED_DATABASE: z.enum(["postgres", "pglite"], { error: "must be postgres or pglite" }).default("postgres"),
    PUBLIC_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    ),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, "must be at least 6 characters").optional()),
    ADMIN_REMOVE_SECOND_FACTOR: offUnlessTrue,
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
    LOG_FORMAT: z.enum(["auto", "json", "pretty"], { error: "must be auto, json or pretty" }).default("auto"),
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    SECRETS_KEY: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    TRUST_PROXY: trustProxySetting,
    MCP_ALLOWED_HOSTS: optionalText,
    KIE_BASE_URL: httpUrl.default("https://api.kie.ai"),
    KIE_UPLOAD_BASE_URL: httpUrl.default("https://kieai.redpandaai.co"),
    KIE_API_KEY: optionalText,
    KIE_TIMEOUT_MS: positiveInt.default(30_000),
    GEMINI_BASE_URL: httpUrl.default("https://generativelanguage.googleapis.com/v1beta"),
    GEMINI_API_KEY: optionalText,
    GEMINI_TIMEOUT_MS: positiveInt.default(30_000),
    VERTEX_SERVICE_ACCOUNT_KEY: optionalText.superRefine((v, ctx) => {
      const key = v === undefined ? undefined : parseServiceAccountKey(v);
      if (key && !isServiceAccountKey(key)) ctx.addIssue({ code: "custom", message: key.problem });
    }),
    VERTEX_PROJECT: optionalText.pipe(
      z
        .string()
        .regex(
          /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/,
          "must be a Google Cloud project id (6-30 lowercase letters, digits, -)",
        )
        .optional(),
    ),
    VERTEX_LOCATION: z
      .string()
      .trim()
      .regex(/^(global|[a-z]+-[a-z]+\d+)$/, "must be a Google Cloud region such as us-central1")
      .default("us-central1"),
    VERTEX_BASE_URL: optionalText.pipe(httpUrl.optional()),
    VERTEX_TOKEN_URL: httpUrl.default("https://oauth2.googleapis.com/token"),
    VERTEX_TIMEOUT_MS: positiveInt.default(30_000),
    VIDEO_PROVIDER: z.enum(["auto", "simulator"], { error: "must be auto or simulator" }).default("auto"),
    SIMULATOR_DELAY_MS: nonNegativeInt.default(4_000),
    SIMULATOR_HD_DELAY_MS: nonNegativeInt.default(6_000),
    SIMULATOR_LINK_TTL_SECONDS: nonNegativeInt.default(600),
    TASK_TIMEOUT_MINUTES: positiveInt.default(30),
    BACKGROUND_WORKERS: onUnlessFalse,
    WEBHOOKS_ALLOW_LOCAL: offUnlessTrue,
    IMAGE_URLS_ALLOW_LOCAL: offUnlessTrue,
    CREEM_BASE_URL: optionalText.pipe(httpUrl.optional()),
    PAYPAL_BASE_URL: optionalText.pipe(httpUrl.optional()),
    MODERATION_TIMEOUT_MS: positiveInt.max(30_000, "must be at most 30000").default(4_000),
    TELEGRAM_BASE_URL: httpUrl.default("https://api.telegram.org"),
    REGISTER_LIMIT_PER_IP: positiveInt.default(20),
    LOGIN_LIMIT_PER_IP: positiveInt.default(50),
    UPLOAD_QUOTA_MB: positiveInt.max(100_000, "must be at most 100000").default(200),
    GOOGLE_AUTH_URL: httpUrl.default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: httpUrl.default("https://oauth2.googleapis.com/token"),
    GOOGLE_USERINFO_URL: httpUrl.default("https://openidconnect.googleapis.com/v1/userinfo"),
    GOOGLE_JWKS_URL: httpUrl.default("https://www.googleapis.com/oauth2/v3/certs"),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.pipe(httpUrl.optional()),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PREFIX: optionalText,
    S3_PATH_STYLE: onUnlessFalse,
    CONTACT_ZALO_PHONE: zaloPhone,
    CONTACT_ZALO_GROUP_URL: optionalText.pipe(zaloGroupUrlRule().optional()),
    CONTACT_TELEGRAM: telegramUsername,
    CONTACT_EMAIL: optionalText.pipe(contactEmailRule().optional()),
    SMTP_URL: optionalText.pipe(
      z
        .url({
          protocol: /^smtps?$/,
          error: "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587",
        })
        .optional(),
    ),
    MAIL_FROM: optionalText.pipe(mailFromRule().optional()),
    TURNSTILE_VERIFY_URL: httpUrl.default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
    TURNSTILE_SCRIPT_URL: httpUrl.default("https://challenges.cloudflare.com/turnstile/v0/api.js"),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"],
        message: "must be set together with " + (env.ADMIN_USERNAME ? "ADMIN_USERNAME" : "ADMIN_PASSWORD"),
      });
    }
    if (env.S3_BUCKET) {
      for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when S3_BUCKET is set" });
      }
    }
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process may hold (plus one that listens). */
  databasePoolSize: number;
  /** Without DATABASE_URL: a PostgreSQL the product starts in DATA_DIR, or PGlite (decision 0105). */
  embeddedDatabase: "postgres" | "pglite";
  publicUrl: string;
  /** Cookies get the Secure flag when the public URL is https. */
  secureCookies: boolean;
  /**
   * ADMIN_USERNAME's account, made or reset at start-up; with `removeSecondFactor`
   * (ADMIN_REMOVE_SECOND_FACTOR=true) its second factors go too: the way back in for an admin who
   * lost every factor (decision 0092).
   */
  admin: { username: string; password: string; removeSecondFactor: boolean } | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** "auto": pretty lines when the output is a terminal, JSON otherwise (decision 0058). */
  logFormat: "auto" | "json" | "pretty";
  /** The bearer token GET /metrics asks for; without it /metrics is off (404). */
  metricsToken: string | undefined;
  secretsKey: string | undefined;
  /** Passed to Fastify as is: request.ip is the address the nearest trusted proxy saw. */
  trustProxy: TrustProxy;
  /** True when PUBLIC_URL was given: only then can an outside provider call us back. */
  publicUrlExplicit: boolean;
  /** Host headers /mcp answers besides PUBLIC_URL's (MCP_ALLOWED_HOSTS, comma-separated; decision 0168). */
  mcpAllowedHosts: string[];
  kie: { baseUrl: string; uploadBaseUrl: string; apiKey: string | undefined; timeoutMs: number };
  /** "simulator" forces the built-in simulator even when provider keys exist. */
  /** Google's Gemini API, the second vendor for Veo (issue 42). */
  gemini: { baseUrl: string; apiKey: string | undefined; timeoutMs: number };
  /**
   * Google's Vertex AI, the third vendor for Veo (decision 0177): the env's service account (its
   * JSON), the project (else each key's project_id), the region, the API's root and our token URL.
   */
  vertex: VertexConfig;
  videoProvider: "auto" | "simulator";
  /** linkTtlMs: how long the simulator's result links work (0: for ever). */
  simulator: { delayMs: number; hdDelayMs: number; linkTtlMs: number };
  taskTimeoutMs: number;
  /** Uploaded images in an S3-compatible bucket instead of DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** Run the task reconciler and 1080p fetcher in this process. */
  backgroundWorkers: boolean;
  /** Webhooks may go to http:// and loopback URLs (self-hosting, tests); private and metadata addresses never (decision 0047). */
  webhooksAllowLocal: boolean;
  /** Linked reference images may be fetched from loopback addresses (self-hosting, tests); private and metadata ones never (decision 0094). */
  imageUrlsAllowLocal: boolean;
  /** The public contact channels' defaults (the admin's settings win over them); each is optional. */
  contact: ContactConfig;
  /**
   * Payment provider API hosts. Unset, the environment chosen in the admin settings picks the
   * real host (Creem test/prod, PayPal sandbox/production); set, they override it (local fakes).
   */
  payments: { creemBaseUrl: string | undefined; paypalBaseUrl: string | undefined };
  /** How long one prompt screening call (Creem's moderation) may take before it counts as unreachable (decision 0089). */
  moderationTimeoutMs: number;
  /** The Telegram Bot API host for admin notifications (tests point it at a local fake). */
  telegramBaseUrl: string;
  /** Sign-ups allowed per address per hour. */
  registerLimitPerIp: number;
  /** Login attempts allowed per address per 15 minutes. */
  loginLimitPerIp: number;
  /** Bytes of uploaded images not yet used in a video that one user may hold (decision 0034). */
  uploadQuotaBytes: number;
  /** Google's OpenID endpoints (tests point them at a local fake). */
  google: { authUrl: string; tokenUrl: string; userinfoUrl: string; jwksUrl: string };
  /**
   * The mail server when the admin has set none (decision 0085): SMTP_URL, and the From address
   * (MAIL_FROM, else no-reply at PUBLIC_URL's host). Without either server, mail stays in the
   * local outbox the admin reads on /admin/mail.
   */
  mail: { smtpUrl: string | undefined; from: string | undefined };
  /**
   * Cloudflare Turnstile (decision 0091): the siteverify call and the widget's script. It is on
   * only while the admin has set its site key and secret; tests point both at a local fake.
   */
  turnstile: { verifyUrl: string; scriptUrl: string };
}

export interface ContactConfig {
  /** Digits only, for https://zalo.me/<phone>. */
  zaloPhone: string | undefined;
  zaloGroupUrl: string | undefined;
  /** Without the @. */
  telegram: string | undefined;
  email: string | undefined;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicUrl = withoutTrailingSlashes(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedDatabase: e.EMBEDDED_DATABASE,
    publicUrl,
    secureCookies: publicUrl.startsWith("https://"),
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? {
            username: e.ADMIN_USERNAME,
            password: e.ADMIN_PASSWORD,
            removeSecondFactor: e.ADMIN_REMOVE_SECOND_FACTOR,
          }
        : undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    secretsKey: e.SECRETS_KEY,
    trustProxy: e.TRUST_PROXY,
    publicUrlExplicit: Boolean(e.PUBLIC_URL),
    mcpAllowedHosts: (e.MCP_ALLOWED_HOSTS ?? "")
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    kie: {
      baseUrl: e.KIE_BASE_URL,
      uploadBaseUrl: e.KIE_UPLOAD_BASE_URL,
      apiKey: e.KIE_API_KEY,
      timeoutMs: e.KIE_TIMEOUT_MS,
    },
    gemini: {
      baseUrl: withoutTrailingSlashes(e.GEMINI_BASE_URL),
      apiKey: e.GEMINI_API_KEY,
      timeoutMs: e.GEMINI_TIMEOUT_MS,
    },
    vertex: {
      serviceAccountKey: serviceAccountOf(e.VERTEX_SERVICE_ACCOUNT_KEY),
      project: e.VERTEX_PROJECT,
      location: e.VERTEX_LOCATION,
      baseUrl: e.VERTEX_BASE_URL ?? vertexBaseUrl(e.VERTEX_LOCATION),
      tokenUrl: e.VERTEX_TOKEN_URL,
      timeoutMs: e.VERTEX_TIMEOUT_MS,
    },
    videoProvider: e.VIDEO_PROVIDER,
    simulator: {
      delayMs: e.SIMULATOR_DELAY_MS,
      hdDelayMs: e.SIMULATOR_HD_DELAY_MS,
      linkTtlMs: e.SIMULATOR_LINK_TTL_SECONDS * 1000,
    },
    taskTimeoutMs: e.TASK_TIMEOUT_MINUTES * 60_000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION ?? "us-east-1",
          endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION ?? "us-east-1"}.amazonaws.com`,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          prefix: e.S3_PREFIX ?? "uploads/",
          pathStyle: e.S3_PATH_STYLE,
        }
      : undefined,
    backgroundWorkers: e.BACKGROUND_WORKERS,
    webhooksAllowLocal: e.WEBHOOKS_ALLOW_LOCAL,
    imageUrlsAllowLocal: e.IMAGE_URLS_ALLOW_LOCAL,
    payments: { creemBaseUrl: e.CREEM_BASE_URL, paypalBaseUrl: e.PAYPAL_BASE_URL },
    moderationTimeoutMs: e.MODERATION_TIMEOUT_MS,
    telegramBaseUrl: e.TELEGRAM_BASE_URL,
    registerLimitPerIp: e.REGISTER_LIMIT_PER_IP,
    loginLimitPerIp: e.LOGIN_LIMIT_PER_IP,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    google: {
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      userinfoUrl: e.GOOGLE_USERINFO_URL,
      jwksUrl: e.GOOGLE_JWKS_URL,
    },
    contact: {
      zaloPhone: e.CONTACT_ZALO_PHONE,
      zaloGroupUrl: e.CONTACT_ZALO_GROUP_URL,
      telegram: e.CONTACT_TELEGRAM,
      email: e.CONTACT_EMAIL,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    turnstile: { verifyUrl: e.TURNSTILE_VERIFY_URL, scriptUrl: e.TURNSTILE_SCRIPT_URL },
  };
}
