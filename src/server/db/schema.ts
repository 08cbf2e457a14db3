/**
 * The database schema: every table. Column names are snake_case in SQL, camelCase in code.
 * Migrations in ./migrations are generated from this file by `npm run db:generate`; a test fails
 * when the two drift apart. Keep this file free of relative imports: drizzle-kit loads it alone.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    /** argon2id hash. */
    password: text("password").notNull(),
    email: text("email"),
    /** Proven to belong to this person (it came from Google's verified e-mail); decision 0033. */
    emailVerified: boolean("email_verified").notNull().default(false),
    googleId: text("google_id").unique(),
    credits: integer("credits").notNull().default(0),
    isAdmin: boolean("is_admin").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** The credits.low webhook fires when the balance falls below this (decision 0047); null: never. */
    lowCreditsThreshold: integer("low_credits_threshold"),
    /** The language the person chose (en, vi); null: their browser's (decision 0055). */
    language: text("language"),
    /** Rows in video_tasks of this user, kept by a trigger (migration 0019) so the admin list can sort by it. */
    videoCount: integer("video_count").notNull().default(0),
    /**
     * Credits a refunded or charged-back payment took back that the balance could not pay (decision
     * 0084): not part of the balance or the ledger; the next purchase settles it first, and
     * generation is refused while it is above zero.
     */
    creditsOwed: integer("credits_owed").notNull().default(0),
    /** Mail notices the person may turn off on /my-account (decision 0086); the essential ones are always sent. */
    notifyVideoReady: boolean("notify_video_ready").notNull().default(false),
    notifyVideoFailed: boolean("notify_video_failed").notNull().default(true),
    notifyLowBalance: boolean("notify_low_balance").notNull().default(true),
    notifyNewSignIn: boolean("notify_new_sign_in").notNull().default(true),
    /** The person deleted their account (decision 0087): the row stays for the ledger, without name or e-mail. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** How the account was made: password (the form), google, admin (ADMIN_USERNAME); null before it was kept. */
    signupMethod: text("signup_method"),
    /** Videos this person may have in progress at once; null: the admin's default (fair use, issue 41). */
    maxVideosInFlight: integer("max_videos_in_flight"),
    /** The last change or reset of the password: no link sent by mail before it works (issue 66). */
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    /** The person's referral code, `/r/<code>` (decision 0157); made the first time it is asked for. */
    referralCode: text("referral_code").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames and e-mails are unique regardless of case.
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    // The admin's user list (decision 0052): each sort walks its index, the id breaking ties; searches use trigrams.
    index("users_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_credits_idx").on(t.credits.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_video_count_idx").on(t.videoCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("users_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    check("users_credits_non_negative", sql`${t.credits} >= 0`),
    check("users_credits_owed_non_negative", sql`${t.creditsOwed} >= 0`),
    check("users_low_credits_threshold_valid", sql`${t.lowCreditsThreshold} between 1 and 1000000`),
    check("users_language_valid", sql`${t.language} in ('en', 'vi')`),
    check("users_signup_method_valid", sql`${t.signupMethod} in ('password', 'google', 'admin')`),
    check("users_max_videos_in_flight_valid", sql`${t.maxVideosInFlight} between 1 and 1000`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the opaque cookie value; the value itself is never stored. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Where and with what it signed in, for the admin's view of a user's sessions. */
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** The video vendors' accounts (KIE.ai or Google keys); the table was vendor_accounts (decision 0142). */
export const vendorAccounts = pgTable(
  "vendor_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The provider API key, encrypted at rest. */
    tokenEncrypted: text("token_encrypted").notNull(),
    /** SHA-256 (hex) of the key: uniqueness without decrypting. */
    tokenHash: text("token_hash").notNull().unique(),
    /** Whose key this is (issue 42): kie, or google (the Gemini API). */
    vendor: text("vendor").notNull().default("kie"),
    totalCredits: integer("total_credits").notNull().default(1000),
    /**
     * What a video of a model costs this account in the vendor's credits, where the admin says
     * (issue 42, decision 0098): `{ "veo3_fast": 60, … }`; a model not in it costs the catalogue's
     * vendor price for the video's options.
     */
    modelCosts: jsonb("model_costs").$type<Partial<Record<string, number>>>().notNull().default({}),
    isEnabled: boolean("is_enabled").notNull().default(true),
    lastUsed: timestamp("last_used", { withTimezone: true }),
    totalUsage: integer("total_usage").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("vendor_accounts_vendor_valid", sql`${t.vendor} in ('kie', 'google', 'vertex')`)],
);

/**
 * The admin's changes to a model's id at a vendor (issue 74, decision 0173): a row only where the
 * admin changed something; every other mapping is the built-in default. A null vendor_model_id
 * keeps the default id (a state change alone).
 */
export const vendorModelMappings = pgTable(
  "vendor_model_mappings",
  {
    model: text("model").notNull(),
    vendor: text("vendor").notNull(),
    vendorModelId: text("vendor_model_id"),
    /** Out of automatic choice; still used when no other vendor can make the model. */
    deprecatedAt: timestamp("deprecated_at", { withTimezone: true }),
    /** Never used. */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    reason: text("reason").notNull(),
    updatedBy: uuid("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "vendor_model_mappings_pk", columns: [t.model, t.vendor] }),
    check("vendor_model_mappings_vendor_valid", sql`${t.vendor} in ('kie', 'google', 'vertex')`),
  ],
);

/**
 * The last check of a mapping with the vendor's own model lookup (decision 0173): on save and once
 * a day. It names the id it checked: a check of another id than the one in force says nothing.
 */
export const vendorModelChecks = pgTable(
  "vendor_model_checks",
  {
    model: text("model").notNull(),
    vendor: text("vendor").notNull(),
    vendorModelId: text("vendor_model_id").notNull(),
    checkStatus: text("check_status").notNull(),
    checkMessage: text("check_message"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "vendor_model_checks_pk", columns: [t.model, t.vendor] }),
    check("vendor_model_checks_status_valid", sql`${t.checkStatus} in ('ok', 'gone', 'error', 'unchecked')`),
  ],
);

export const videoTasks = pgTable(
  "video_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The provider's task id. */
    taskId: text("task_id").notNull().unique(),
    prompt: text("prompt").notNull(),
    imageUrls: text("image_urls").array(),
    model: text("model").notNull(),
    /** The catalogue's mode: text, image (first and last frames) or reference (decision 0048). */
    mode: text("mode").notNull().default("text"),
    aspectRatio: text("aspect_ratio").notNull(),
    watermark: text("watermark"),
    seeds: integer("seeds"),
    enableFallback: boolean("enable_fallback").notNull().default(false),
    status: text("status").notNull().default("generating"),
    /** 720p result URLs. */
    resultUrls: text("result_urls").array(),
    /** 1080p result URL. */
    hdVideoUrl: text("hd_video_url"),
    errorMessage: text("error_message"),
    /**
     * Why a failed video failed, beside its message (decision 0082): 'refused' when the provider
     * refused the prompt for its content (not counted as a failure in the owner's figures); null for
     * every other failure. The status stays 'failed', so the API, webhooks and n8n keep their contract.
     */
    failureKind: text("failure_kind"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When its 1080p version became ready (set by a trigger, migration 0019): the overview's time to 1080p. */
    hdReadyAt: timestamp("hd_ready_at", { withTimezone: true }),
    creditsUsed: integer("credits_used").notNull().default(1),
    createdVia: text("created_via").notNull().default("web"),
    isPublic: boolean("is_public").notNull().default(false),
    refunded: boolean("refunded").notNull().default(false),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    vendorAccountId: uuid("vendor_account_id").references(() => vendorAccounts.id, { onDelete: "set null" }),
    /** Which key made the task, so status and 1080p calls use the same one: account | settings | env | simulator. */
    providerSource: text("provider_source").notNull().default("simulator"),
    /** Which of the vendor's surfaces made the task, so its status is read there: veo or market (decision 0051), gemini, interactions (decision 0176), vertex (decision 0177). */
    providerSurface: text("provider_surface").notNull().default("veo"),
    /** Who made it (issue 42): kie or google; and the vendor's name of the model asked for. */
    vendor: text("vendor").notNull().default("kie"),
    vendorModel: text("vendor_model"),
    /** The options chosen (issue 42): length in seconds, resolution, sound. Null on videos from before them. */
    durationSeconds: integer("duration_seconds"),
    resolution: text("resolution"),
    audio: boolean("audio"),
    /** What the vendor charged for it, in its unit (KIE credits; US dollars at Google), when known. */
    vendorCost: numeric("vendor_cost", { precision: 12, scale: 4 }),
    /** When the background worker should next ask the provider (generation, then 1080p). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    checkAttempts: integer("check_attempts").notNull().default(0),
    /** A worker that claimed the task holds it until then; expired leases are claimable again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** 1080p: none (not yet, or a 9:16 video from before issue 22), held (kept extendable, decision 0050), pending, ready, failed. */
    hdStatus: text("hd_status").notNull().default("none"),
    hdAttempts: integer("hd_attempts").notNull().default(0),
    /** An extension (decision 0050): the provider task id of the video it continues. */
    extendedFrom: text("extended_from"),
    /** Its 1080p version waits until asked for (hd_status 'held'): KIE cannot extend a video after its 1080p version was made. */
    keepExtendable: boolean("keep_extendable").notNull().default(false),
    /**
     * Paid (wholly or partly) with welcome credits while the admin marks such videos (issue 70,
     * decision 0155): made with the site's watermark, kept 720p (no 1080p file, no 4K).
     */
    welcomeMarked: boolean("welcome_marked").notNull().default(false),
    /** 4K (decision 0049): none, requested (asked for at generation, waiting for the video), pending, ready, failed. */
    uhdStatus: text("uhd_status").notNull().default("none"),
    uhdVideoUrl: text("uhd_video_url"),
    uhdAttempts: integer("uhd_attempts").notNull().default(0),
    /** What the 4K upgrade was charged: what a refund of it gives back. */
    uhdCredits: integer("uhd_credits").notNull().default(0),
    /** Why the 4K version could not be made (its credits were refunded). */
    uhdError: text("uhd_error"),
    /** The 720p file died at the provider before it could be saved (decision 0043). */
    videoExpired: boolean("video_expired").notNull().default(false),
    /** The public page /v/<shareId> while isPublic; a new one each time it is shared (decision 0044). */
    shareId: text("share_id"),
    /** The owner shares the video without its prompt. */
    sharePromptHidden: boolean("share_prompt_hidden").notNull().default(false),
    /** Deleted by its owner: gone from every list and read; its ledger rows stay. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** POST /api/n8n/generate's callbackUrl: the signed video.completed or video.failed event goes there too (decision 0047). */
    callbackUrl: text("callback_url"),
    /**
     * How an extension was made (issue 71): 'native' (the vendor's own extend of its parent, the
     * whole video back) or 'last_frame' (a new video from the parent's last frame, then joined to
     * it by us); null for a video that extends nothing.
     */
    extendMethod: text("extend_method"),
    /** A 'last_frame' extension's joining to its parent: none, pending, ready (joined_video_url), failed. */
    joinStatus: text("join_status").notNull().default("none"),
    /** The parent and this video as one file, in our own storage. */
    joinedVideoUrl: text("joined_video_url"),
    /** Variants asked for together (issue 71): the same prompt, a seed each, one task each. */
    batchId: uuid("batch_id"),
    /**
     * Explore (issue 72, decision 0164): null while the video is not published there; 'pending'
     * waits for the admin's approval (or a flagged prompt's review), 'listed' is in the feed,
     * 'hidden' was taken off by an admin and stays off until an admin restores it. Only a shared
     * video (is_public, a share id) may be published; unsharing unpublishes.
     */
    exploreStatus: text("explore_status"),
    /** When its owner published it to Explore (the feed's "newest"). */
    explorePublishedAt: timestamp("explore_published_at", { withTimezone: true }),
    /** An admin featured it: first in the feed and beside the showcase on the landing page. */
    exploreFeaturedAt: timestamp("explore_featured_at", { withTimezone: true }),
    /** The Explore video this one remixes (its "Remix" button): what "most remixed" counts. */
    remixOf: uuid("remix_of").references((): AnyPgColumn => videoTasks.id, { onDelete: "set null" }),
    /**
     * A draft (issue 74 §3, decision 0178): the model and resolution its final is to be made with
     * ("Make it final"); both null for a video that is no draft. Set once, when it is charged.
     */
    draftOfModel: text("draft_of_model"),
    draftOfResolution: text("draft_of_resolution"),
  },
  (t) => [
    index("video_tasks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("video_tasks_batch_idx")
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
    // The admin overview's range scans (decision 0053): every column it reads, so they are index-only scans.
    index("video_tasks_created_idx").on(
      t.createdAt,
      t.model,
      t.status,
      t.refunded,
      t.completedAt,
      t.hdReadyAt,
      t.failureKind,
    ),
    uniqueIndex("video_tasks_share_id_idx").on(t.shareId),
    // The Explore feed: listed videos, newest first.
    index("video_tasks_explore_idx")
      .on(t.explorePublishedAt.desc())
      .where(sql`${t.exploreStatus} = 'listed'`),
    index("video_tasks_remix_of_idx")
      .on(t.remixOf)
      .where(sql`${t.remixOf} is not null`),
    check(
      "video_tasks_explore_status_valid",
      sql`${t.exploreStatus} is null or ${t.exploreStatus} in ('pending', 'listed', 'hidden')`,
    ),
    index("video_tasks_status_idx").on(t.status),
    // What the background worker scans: unfinished generations and pending 1080p and 4K fetches.
    index("video_tasks_due_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.status} in ('generating', 'pending') or ${t.hdStatus} = 'pending' or ${t.uhdStatus} = 'pending'`),
    // What the retention sweep scans (decision 0045): finished videos still kept, oldest first.
    index("video_tasks_retention_idx")
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed' and ${t.deletedAt} is null`),
    check("video_tasks_created_via_valid", sql`${t.createdVia} in ('web', 'api')`),
    check("video_tasks_provider_source_valid", sql`${t.providerSource} in ('account', 'settings', 'env', 'simulator')`),
    check("video_tasks_hd_status_valid", sql`${t.hdStatus} in ('none', 'held', 'pending', 'ready', 'failed')`),
    check(
      "video_tasks_provider_surface_valid",
      sql`${t.providerSurface} in ('veo', 'market', 'gemini', 'interactions', 'vertex')`,
    ),
    check("video_tasks_vendor_valid", sql`${t.vendor} in ('kie', 'google', 'vertex')`),
    check("video_tasks_failure_kind_valid", sql`${t.failureKind} is null or ${t.failureKind} in ('refused')`),
    check("video_tasks_uhd_status_valid", sql`${t.uhdStatus} in ('none', 'requested', 'pending', 'ready', 'failed')`),
    check(
      "video_tasks_extend_method_valid",
      sql`${t.extendMethod} is null or ${t.extendMethod} in ('native', 'last_frame')`,
    ),
    check("video_tasks_join_status_valid", sql`${t.joinStatus} in ('none', 'pending', 'ready', 'failed')`),
    // What the joiner scans: last-frame extensions whose joining waits.
    index("video_tasks_join_due_idx")
      .on(t.completedAt)
      .where(sql`${t.joinStatus} = 'pending'`),
  ],
);

/**
 * A finished video's file (720p, 1080p) and its copy in our storage (decision 0043): the archive
 * job's queue, leased like the task worker's. Once archived, the task's URL is ours.
 */
export const videoFiles = pgTable(
  "video_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    videoTaskId: uuid("video_task_id")
      .notNull()
      .references(() => videoTasks.id, { onDelete: "cascade" }),
    quality: text("quality").notNull(),
    /** Where the provider keeps it (the link may die). */
    sourceUrl: text("source_url").notNull(),
    /** pending (to copy), archived, failed (gave up; the provider link is served while it lives), expired (the link died first), deleted (by its owner or the retention rule). */
    status: text("status").notNull().default("pending"),
    /** The name in the video store, once archived. */
    blobName: text("blob_name"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    sha256: text("sha256"),
    /** A frame of the 720p video as a JPEG, beside it in the video store: the share page's og:image (decision 0083). */
    posterBlobName: text("poster_blob_name"),
    posterWidth: integer("poster_width"),
    posterHeight: integer("poster_height"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("video_files_task_quality_idx").on(t.videoTaskId, t.quality),
    index("video_files_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // Deleted files whose blob could not be removed yet (the retention sweep tries again).
    index("video_files_blob_to_remove_idx")
      .on(t.id)
      .where(sql`${t.status} = 'deleted' and ${t.blobName} is not null`),
    check("video_files_quality_valid", sql`${t.quality} in ('720p', '1080p', '4k')`),
    check("video_files_status_valid", sql`${t.status} in ('pending', 'archived', 'failed', 'expired', 'deleted')`),
  ],
);

export const adminSettings = pgTable(
  "admin_settings",
  {
    /** A single row, id 1. */
    id: integer("id").primaryKey().default(1),
    kieToken: text("kie_token"),
    /** KIE's webhookHmacKey (kie.ai settings), sealed: when set, callbacks must carry its signature (decision 0048). */
    kieWebhookHmacKey: text("kie_webhook_hmac_key"),
    /** Which of KIE's surfaces new videos are made on: veo (/api/v1/veo/*) or market (/api/v1/jobs/*, model veo-3-1) (decision 0051). */
    kieSurface: text("kie_surface").notNull().default("veo"),
    paypalClientId: text("paypal_client_id"),
    paypalClientSecret: text("paypal_client_secret"),
    paypalEnvironment: text("paypal_environment").notNull().default("sandbox"),
    paypalEnabled: boolean("paypal_enabled").notNull().default(false),
    /** The id PayPal gave our webhook (developer dashboard): its verify-webhook-signature call checks deliveries against it (decision 0084). */
    paypalWebhookId: text("paypal_webhook_id"),
    creemApiKey: text("creem_api_key"),
    creemEnvironment: text("creem_environment").notNull().default("test"),
    creemWebhookSecret: text("creem_webhook_secret"),
    creemEnabled: boolean("creem_enabled").notNull().default(false),
    googleClientId: text("google_client_id"),
    googleClientSecret: text("google_client_secret"),
    googleRedirectUri: text("google_redirect_uri"),
    googleAuthEnabled: boolean("google_auth_enabled").notNull().default(false),
    /** Models the admin took out of the form and the API (issue 42): new videos refused, existing ones kept. */
    disabledModels: text("disabled_models")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The vendors that make each model, in the order they are tried (issue 42); a model not in it: KIE, then Google where it makes it. */
    vendorOrder: jsonb("vendor_order").$type<Partial<Record<string, string[]>>>().notNull().default({}),
    /** Degraded models (model-health.ts) are refused until they recover (issue 42), when the admin says so. */
    pauseDegradedModels: boolean("pause_degraded_models").notNull().default(false),
    /** The models degraded at the last health watch: a change is news (Telegram) once. */
    degradedModels: text("degraded_models")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What one KIE credit costs us in USD (KIE's price list: about $0.005), for the unit economics (issue 42). */
    kieCreditUsd: numeric("kie_credit_usd", { precision: 10, scale: 6 }).notNull().default("0.005"),
    /** The share of a sale kept over the vendor's cost when prices are set to cost + margin, and packages suggested (issue 68). */
    priceMarginPercent: integer("price_margin_percent").notNull().default(30),
    /** The admin's prices per model and surcharge, `{"veo3": {"web": 5, "api": 10}, ...}`; a missing one costs the catalogue's default (decision 0048). */
    prices: jsonb("prices").$type<Partial<Record<string, { web?: number; api?: number }>>>().notNull().default({}),
    telegramBotToken: text("telegram_bot_token"),
    telegramChatId: text("telegram_chat_id"),
    /** Archived videos older than this many days are deleted by the retention sweep; null keeps them forever (decision 0045). */
    videoRetentionDays: integer("video_retention_days"),
    /** The contact channels (decision 0074), in their stored forms; null: the CONTACT_* variable applies. */
    contactZaloPhone: text("contact_zalo_phone"),
    contactZaloGroupUrl: text("contact_zalo_group_url"),
    contactTelegram: text("contact_telegram"),
    contactEmail: text("contact_email"),
    /** What one credit is worth in USD on the pages; null derives it from the active packages (decision 0075). */
    creditValueUsd: numeric("credit_value_usd", { precision: 10, scale: 4 }),
    /** The mail server (decision 0085); null host: SMTP_URL, else the local outbox. The password is sealed. */
    smtpHost: text("smtp_host"),
    smtpPort: integer("smtp_port"),
    /** starttls (587), tls (465) or none (a local relay). */
    smtpSecurity: text("smtp_security").notNull().default("starttls"),
    smtpUser: text("smtp_user"),
    smtpPassword: text("smtp_password"),
    /** The From of every message, e.g. `Veo Studio <no-reply@example.com>`; null: MAIL_FROM, else no-reply at PUBLIC_URL's host. */
    mailFrom: text("mail_from"),
    /** The seller on receipts (decision 0086). */
    sellerName: text("seller_name"),
    sellerAddress: text("seller_address"),
    /** Prompt screening (issue 41): Creem's moderation while Creem payments are on, unless the admin turns it off. */
    moderationCreemEnabled: boolean("moderation_creem_enabled").notNull().default(true),
    /** What a `flag` decision does: refuse, or allow and list for review. */
    moderationFlagAction: text("moderation_flag_action").notNull().default("refuse"),
    /** What happens when a screener cannot be reached: refuse (503), or allow and list for review. */
    moderationUnreachableAction: text("moderation_unreachable_action").notNull().default("refuse"),
    /** The admin's own rules: blocked words and phrases, matched on normalised text. */
    moderationRules: jsonb("moderation_rules").$type<{ text: string; kind: string }[]>().notNull().default([]),
    /** A person refused this many times in a day is flagged on their admin page. */
    moderationRefusalsFlag: integer("moderation_refusals_flag").notNull().default(5),
    /** Cloudflare Turnstile on sign-up, reset and sign-in after failures; off while either key is unset. The secret is sealed. */
    turnstileSiteKey: text("turnstile_site_key"),
    turnstileSecret: text("turnstile_secret"),
    /** The admin's overrides of the disposable e-mail domain list: always allowed, always refused. */
    emailDomainsAllowed: jsonb("email_domains_allowed").$type<string[]>().notNull().default([]),
    emailDomainsBlocked: jsonb("email_domains_blocked").$type<string[]>().notNull().default([]),
    /** Every admin account must use a second factor: until enrolled, an admin's session reaches only enrolment. */
    requireAdminSecondFactor: boolean("require_admin_second_factor").notNull().default(false),
    /** Videos one person may have in progress at once (fair use); a user's own limit wins. */
    maxVideosInFlight: integer("max_videos_in_flight").notNull().default(5),
    /** Credits a person gets once their identity is verified (issue 70, decision 0155). */
    welcomeGrantEnabled: boolean("welcome_grant_enabled").notNull().default(true),
    /** How many; null: the web price of one Veo3 Fast video at the time of the grant. */
    welcomeGrantCredits: integer("welcome_grant_credits"),
    /** How many days they last. */
    welcomeGrantDays: integer("welcome_grant_days").notNull().default(14),
    /** At most this many grants a day to one client address, and to one network (/24, /48). */
    welcomeGrantsPerAddress: integer("welcome_grants_per_address").notNull().default(2),
    welcomeGrantsPerNetwork: integer("welcome_grants_per_network").notNull().default(5),
    /** Videos paid with welcome credits carry a watermark and stay 720p. */
    welcomeVideosWatermarked: boolean("welcome_videos_watermarked").notNull().default(false),
    /** Codes (issue 70, decision 0156): whether people may redeem them at all. */
    codesEnabled: boolean("codes_enabled").notNull().default(true),
    /** The referral programme (issue 70, decision 0157): on or off, and its numbers. */
    referralEnabled: boolean("referral_enabled").notNull().default(true),
    /** Credits the referred person gets once verified; 0: none. */
    referralRefereeCredits: integer("referral_referee_credits").notNull().default(100),
    /** How many days the referred person's bonus lasts. */
    referralRefereeDays: integer("referral_referee_days").notNull().default(30),
    /** The referrer's share of what the referred person pays, in percent, as credits at the credit's value. */
    referralSharePercent: integer("referral_share_percent").notNull().default(10),
    /** For how many months after joining the referred person's payments earn the share. */
    referralMonths: integer("referral_months").notNull().default(12),
    /** At most this many credits a referrer earns from one referred person. */
    referralCapCredits: integer("referral_cap_credits").notNull().default(2000),
    /** Hours a reward is held before it is granted (at least a day), so a quick refund cancels it. */
    referralHoldHours: integer("referral_hold_hours").notNull().default(168),
    /** Days a referral link's visit counts for a sign-up. */
    referralAttributionDays: integer("referral_attribution_days").notNull().default(30),
    /**
     * The prompt enhancer (issue 71): off, builtin (the rule-based stand-in, no outside call) or llm
     * (an OpenAI-compatible chat completions endpoint: base URL, sealed key, model).
     */
    promptHelpMode: text("prompt_help_mode").notNull().default("builtin"),
    promptHelpBaseUrl: text("prompt_help_base_url"),
    promptHelpApiKey: text("prompt_help_api_key"),
    promptHelpModel: text("prompt_help_model"),
    /** First frames made from text (issue 71): on or off, and the Market's image model that makes them. */
    firstFrameEnabled: boolean("first_frame_enabled").notNull().default(true),
    firstFrameModel: text("first_frame_model").notNull().default("nano-banana-2"),
    /** Explore (issue 72): off, open (published videos appear once screened) or approval (an admin approves each). */
    exploreMode: text("explore_mode").notNull().default("open"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("admin_settings_singleton", sql`${t.id} = 1`),
    check("admin_settings_paypal_environment_valid", sql`${t.paypalEnvironment} in ('sandbox', 'production')`),
    check("admin_settings_creem_environment_valid", sql`${t.creemEnvironment} in ('test', 'prod')`),
    check("admin_settings_video_retention_days_valid", sql`${t.videoRetentionDays} between 1 and 36500`),
    check("admin_settings_kie_surface_valid", sql`${t.kieSurface} in ('veo', 'market')`),
    check("admin_settings_explore_mode_valid", sql`${t.exploreMode} in ('off', 'open', 'approval')`),
    check("admin_settings_credit_value_positive", sql`${t.creditValueUsd} > 0`),
    check("admin_settings_smtp_security_valid", sql`${t.smtpSecurity} in ('starttls', 'tls', 'none')`),
    check("admin_settings_smtp_port_valid", sql`${t.smtpPort} between 1 and 65535`),
    check("admin_settings_moderation_flag_action_valid", sql`${t.moderationFlagAction} in ('refuse', 'review')`),
    check(
      "admin_settings_moderation_unreachable_action_valid",
      sql`${t.moderationUnreachableAction} in ('refuse', 'review')`,
    ),
    check("admin_settings_moderation_refusals_flag_valid", sql`${t.moderationRefusalsFlag} between 1 and 1000`),
    check("admin_settings_price_margin_percent_valid", sql`${t.priceMarginPercent} between 0 and 90`),
    check("admin_settings_max_videos_in_flight_valid", sql`${t.maxVideosInFlight} between 1 and 1000`),
    check("admin_settings_prompt_help_mode_valid", sql`${t.promptHelpMode} in ('off', 'builtin', 'llm')`),
    check(
      "admin_settings_referral_valid",
      sql`${t.referralRefereeCredits} between 0 and 100000 and ${t.referralRefereeDays} between 1 and 365
        and ${t.referralSharePercent} between 0 and 100 and ${t.referralMonths} between 1 and 120
        and ${t.referralCapCredits} between 0 and 10000000 and ${t.referralHoldHours} between 24 and 8760
        and ${t.referralAttributionDays} between 1 and 365`,
    ),
    check(
      "admin_settings_welcome_grant_valid",
      sql`coalesce(${t.welcomeGrantCredits}, 1) between 1 and 100000 and ${t.welcomeGrantDays} between 1 and 365
        and ${t.welcomeGrantsPerAddress} between 1 and 1000 and ${t.welcomeGrantsPerNetwork} between 1 and 10000`,
    ),
  ],
);

/**
 * Who got the welcome grant (issue 70, decision 0155): once per address, ever. The address is kept
 * only as a keyed hash of its normalised form (sub-address and Gmail's dots dropped), so the row
 * outlives a deleted account without naming anyone, and a re-made account finds it.
 */
export const welcomeGrants = pgTable(
  "welcome_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    addressHash: text("address_hash").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The client address and its network when the grant was asked for. */
    clientAddress: text("client_address").notNull(),
    network: text("network").notNull(),
    credits: integer("credits").notNull(),
    /** granted, or why not: address_limit, network_limit. */
    outcome: text("outcome").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("welcome_grants_one_per_address")
      .on(t.addressHash)
      .where(sql`${t.outcome} = 'granted'`),
    uniqueIndex("welcome_grants_one_per_user")
      .on(t.userId)
      .where(sql`${t.outcome} = 'granted'`),
    index("welcome_grants_address_idx").on(t.clientAddress, t.createdAt),
    index("welcome_grants_network_idx").on(t.network, t.createdAt),
    check("welcome_grants_outcome_valid", sql`${t.outcome} in ('granted', 'address_limit', 'network_limit')`),
  ],
);

export const creditPackages = pgTable(
  "credit_packages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    credits: integer("credits").notNull(),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    creemProductId: text("creem_product_id"),
    isActive: boolean("is_active").notNull().default(true),
    /** The client view's extras (shown to buyers): a 'Most Popular' badge, a line of text, a bonus note. */
    popular: boolean("popular").notNull().default(false),
    description: text("description"),
    /** The bonus badge's own wording; shown as it is (decision 0075: `bonusCredits` is what is given). */
    bonus: text("bonus"),
    /** Credits given on top of `credits` with each purchase, as their own ledger row (decision 0075). */
    bonusCredits: integer("bonus_credits").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("credit_packages_credits_positive", sql`${t.credits} > 0`),
    check("credit_packages_bonus_credits_valid", sql`${t.bonusCredits} >= 0`),
    check("credit_packages_price_positive", sql`${t.price} > 0`),
  ],
);

/**
 * A plan (issue 69, decision 0152): a price per month and/or per year that grants credits every
 * month (a yearly plan: each month, or the year's at once), with a capped rollover. What a person
 * pays and receives is copied onto their subscription, so a change applies to new subscribers only.
 */
export const plans = pgTable(
  "plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    /** USD per month; null: not sold monthly. */
    monthlyPrice: numeric("monthly_price", { precision: 10, scale: 2 }),
    /** USD per year; null: not sold yearly. */
    yearlyPrice: numeric("yearly_price", { precision: 10, scale: 2 }),
    creditsPerMonth: integer("credits_per_month").notNull(),
    /** A yearly plan's credits: `monthly` (each month) or `upfront` (the year's at once). */
    yearlyGrant: text("yearly_grant").notNull().default("monthly"),
    /** Unused plan credits carried into the next period, at most; 0: none. */
    rolloverCap: integer("rollover_cap").notNull().default(0),
    /** What the card promises: commercial use, API access at the same price, videos at once, models. */
    perks: jsonb("perks").notNull().default({}),
    creemProductMonthly: text("creem_product_monthly"),
    creemProductYearly: text("creem_product_yearly"),
    /** PayPal's catalog product and billing plans, made from this plan through the API. */
    paypalProductId: text("paypal_product_id"),
    paypalPlanMonthly: text("paypal_plan_monthly"),
    paypalPlanYearly: text("paypal_plan_yearly"),
    /** The prices the PayPal billing plans were made for: a new price makes new plans. */
    paypalPlanPrices: jsonb("paypal_plan_prices").notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    popular: boolean("popular").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("plans_credits_positive", sql`${t.creditsPerMonth} > 0`),
    check("plans_rollover_valid", sql`${t.rolloverCap} >= 0`),
    check("plans_yearly_grant_valid", sql`${t.yearlyGrant} in ('monthly', 'upfront')`),
    check("plans_has_a_price", sql`${t.monthlyPrice} is not null or ${t.yearlyPrice} is not null`),
    check("plans_prices_positive", sql`coalesce(${t.monthlyPrice}, 1) > 0 and coalesce(${t.yearlyPrice}, 1) > 0`),
  ],
);

export const SUBSCRIPTION_STATUSES = ["pending", "active", "past_due", "paused", "ended"] as const;

/**
 * A person's plan at a provider (decision 0152). Only the provider's events move it (the webhook
 * is the only writer of state); `pending` until the first payment. At most one live plan a person.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    planId: uuid("plan_id")
      .notNull()
      .references(() => plans.id),
    /** month | year */
    interval: text("interval").notNull(),
    provider: text("provider").notNull(),
    /** Creem's sub_... or PayPal's I-..., once the provider has made it. */
    providerSubscriptionId: text("provider_subscription_id"),
    /** The Creem product or PayPal billing plan the subscription is on now. */
    providerPlanRef: text("provider_plan_ref"),
    /** Creem's customer, for the portal link. */
    providerCustomerId: text("provider_customer_id"),
    status: text("status").notNull().default("pending"),
    /** Set while a cancellation waits for the period's end; cleared by an undo. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** What the person pays and receives, copied from the plan when they subscribed. */
    planName: text("plan_name").notNull(),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    currency: text("currency").notNull().default("USD"),
    creditsPerMonth: integer("credits_per_month").notNull(),
    yearlyGrant: text("yearly_grant").notNull().default("monthly"),
    rolloverCap: integer("rollover_cap").notNull().default(0),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    pastDueSince: timestamp("past_due_since", { withTimezone: true }),
    /** A downgrade waiting for the period's end. */
    scheduledPlanId: uuid("scheduled_plan_id").references(() => plans.id),
    scheduledInterval: text("scheduled_interval"),
    /** The newest provider event applied: an older one arriving late changes nothing. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Why it ended: canceled, expired, unpaid, refunded, admin... */
    endReason: text("end_reason"),
    /** A discount code used to subscribe (decision 0156): it takes off the first payment only. */
    promoCodeId: uuid("promo_code_id").references((): AnyPgColumn => promoCodes.id),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_key").on(t.provider, t.providerSubscriptionId),
    uniqueIndex("subscriptions_one_live_per_user")
      .on(t.userId)
      .where(sql`${t.status} in ('active', 'past_due', 'paused')`),
    index("subscriptions_user_idx").on(t.userId, t.createdAt.desc()),
    index("subscriptions_status_idx").on(t.status, t.currentPeriodEnd),
    check("subscriptions_interval_valid", sql`${t.interval} in ('month', 'year')`),
    check("subscriptions_provider_valid", sql`${t.provider} in ('creem', 'paypal')`),
    check("subscriptions_status_valid", sql`${t.status} in ('pending', 'active', 'past_due', 'paused', 'ended')`),
    check("subscriptions_yearly_grant_valid", sql`${t.yearlyGrant} in ('monthly', 'upfront')`),
  ],
);

export const PAYMENT_PROVIDERS = ["creem", "paypal"] as const;
/** created: checkout/order made, not paid; pending: paid but not settled (PayPal PENDING capture). */
export const PAYMENT_ORDER_STATUSES = ["created", "pending", "completed", "failed"] as const;

/**
 * One purchase attempt. Its id is ours (Creem request_id, PayPal custom_id); price and credits
 * are copied from the package when the order is made, so a later price change does not touch it.
 */
export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    packageId: uuid("package_id").references(() => creditPackages.id),
    packageName: text("package_name").notNull(),
    provider: text("provider").notNull(),
    /** Creem checkout id (ch_...) or PayPal order id, once the provider has answered. */
    providerOrderId: text("provider_order_id"),
    /** PayPal capture id, or the Creem order id (ord_...). */
    providerPaymentId: text("provider_payment_id"),
    /** Creem's transaction id (tran_...), which its refund and dispute events name (decision 0084). */
    providerTransactionId: text("provider_transaction_id"),
    amount: numeric("amount", { precision: 10, scale: 2 }).notNull(),
    currency: text("currency").notNull().default("USD"),
    credits: integer("credits").notNull(),
    /** The package's bonus credits when the order was made, credited with it as a `bonus` row (decision 0075). */
    bonusCredits: integer("bonus_credits").notNull().default(0),
    status: text("status").notNull().default("created"),
    /** Why it failed, or what did not match (kept for admins; never shown raw to payers). */
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** What the provider has refunded (or charged back) of this order, in cents, over all its reversals. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Credits taken back for it (purchase and bonus together), never more than the order gave. */
    reversedCredits: integer("reversed_credits").notNull().default(0),
    /** open while a dispute (chargeback) is undecided; won or lost once it is. Null: never disputed. */
    disputeStatus: text("dispute_status"),
    /** Set while an admin's refund call to the provider is under way, so two admins cannot both make it. */
    refundClaimedAt: timestamp("refund_claimed_at", { withTimezone: true }),
    /** When the PayPal re-check last asked about this completed order's refunds. */
    refundsCheckedAt: timestamp("refunds_checked_at", { withTimezone: true }),
    /** A plan's period payment (issue 69): the subscription it pays; null for a package. */
    subscriptionId: uuid("subscription_id").references((): AnyPgColumn => subscriptions.id),
    /**
     * What makes a plan payment once (decision 0152): Creem's subscription, product and period
     * start; PayPal's sale id. Unique, so a repeated or reordered event finds the grant made.
     */
    periodKey: text("period_key"),
    /** The paid period: its plan credits expire at its end (a yearly plan's months at theirs). */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    /** The discount code this order was sold with (decision 0156); `amount` is then what was asked after it. */
    promoCodeId: uuid("promo_code_id").references((): AnyPgColumn => promoCodes.id),
    /** The price before the discount; null: no discount. */
    listAmount: numeric("list_amount", { precision: 10, scale: 2 }),
    /** Who paid at the provider (Creem's customer, PayPal's payer id): a referral's self-purchase check (decision 0157). */
    payerKey: text("payer_key"),
  },
  (t) => [
    uniqueIndex("payment_orders_provider_order_idx").on(t.provider, t.providerOrderId),
    uniqueIndex("payment_orders_period_key_idx").on(t.provider, t.periodKey),
    index("payment_orders_subscription_idx").on(t.subscriptionId, t.periodStart),
    index("payment_orders_provider_payment_idx").on(t.provider, t.providerPaymentId),
    index("payment_orders_provider_transaction_idx").on(t.provider, t.providerTransactionId),
    // Generation asks whether the person has an open dispute (decision 0084).
    index("payment_orders_open_dispute_idx")
      .on(t.userId)
      .where(sql`${t.disputeStatus} = 'open'`),
    index("payment_orders_user_idx").on(t.userId, t.createdAt.desc()),
    index("payment_orders_completed_idx")
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    index("payment_orders_pending_idx")
      .on(t.provider, t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    check("payment_orders_provider_valid", sql`${t.provider} in ('creem', 'paypal')`),
    check("payment_orders_status_valid", sql`${t.status} in ('created', 'pending', 'completed', 'failed')`),
    check("payment_orders_credits_positive", sql`${t.credits} > 0`),
    check("payment_orders_dispute_status_valid", sql`${t.disputeStatus} in ('open', 'won', 'lost')`),
    check("payment_orders_refunded_valid", sql`${t.refundedCents} >= 0 and ${t.reversedCredits} >= 0`),
  ],
);

export const PAYMENT_REVERSAL_KINDS = ["refund", "chargeback"] as const;

/**
 * One refund or lost chargeback of a paid order (decision 0084). Unique per provider refund id,
 * so however often and in whatever order the provider's events (or the re-check, or the admin's
 * own refund) report it, it takes credits back once. A refund an admin recorded by hand for Creem
 * has no provider id until Creem's event for it arrives and claims it.
 */
export const paymentReversals = pgTable(
  "payment_reversals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    provider: text("provider").notNull(),
    /** Creem's ref_..., PayPal's refund id, `dispute:<id>` for a lost dispute; null for a hand-recorded Creem refund not yet matched. */
    providerRefundId: text("provider_refund_id"),
    kind: text("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The provider's reason (requested_by_customer, a dispute reason) or the admin's. */
    reason: text("reason"),
    /** Credits this reversal took back from the order, and of them what the balance paid and what is owed. */
    credits: integer("credits").notNull(),
    creditsTaken: integer("credits_taken").notNull(),
    creditsOwed: integer("credits_owed").notNull(),
    /** provider (webhook), recheck (PayPal re-check), admin (refunded through the provider by an admin), manual (recorded by hand). */
    source: text("source").notNull(),
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_reversals_provider_refund_key").on(t.provider, t.providerRefundId),
    index("payment_reversals_order_idx").on(t.orderId),
    index("payment_reversals_created_idx").on(t.createdAt),
    check("payment_reversals_kind_valid", sql`${t.kind} in ('refund', 'chargeback')`),
    check("payment_reversals_source_valid", sql`${t.source} in ('provider', 'recheck', 'admin', 'manual')`),
    check("payment_reversals_amounts_valid", sql`${t.amountCents} > 0 and ${t.credits} >= 0`),
  ],
);

export const DISPUTE_STATUSES = ["open", "won", "lost"] as const;

/** A chargeback or dispute opened against a paid order (decision 0084): one row per provider dispute id. */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    provider: text("provider").notNull(),
    providerDisputeId: text("provider_dispute_id").notNull(),
    status: text("status").notNull().default("open"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason"),
    /** The unspent credits of the order when it opened: held by the block on generation until it is decided. */
    frozenCredits: integer("frozen_credits").notNull(),
    /** The provider's outcome code, or "admin" for a Creem dispute settled by hand. */
    outcome: text("outcome"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_disputes_provider_key").on(t.provider, t.providerDisputeId),
    index("payment_disputes_order_idx").on(t.orderId),
    index("payment_disputes_opened_idx").on(t.openedAt),
    check("payment_disputes_status_valid", sql`${t.status} in ('open', 'won', 'lost')`),
  ],
);

export const TRANSACTION_TYPES = [
  "purchase",
  "bonus",
  "refund",
  "usage",
  "adjustment",
  "reversal",
  "expiry",
  "subscription",
  "rollover",
  "welcome",
  "code",
  "referral",
] as const;

/**
 * A first frame made from text (issue 71): an image task at KIE's Market (or the simulator),
 * charged in credits, refunded once if it fails, and kept as the person's upload when it succeeds.
 */
export const imageTasks = pgTable(
  "image_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The provider's task id; null until it was accepted. */
    taskId: text("task_id").unique(),
    prompt: text("prompt").notNull(),
    aspectRatio: text("aspect_ratio").notNull(),
    /** The Market's image model that made it, e.g. nano-banana-2. */
    vendorModel: text("vendor_model").notNull(),
    /** generating, completed or failed. */
    status: text("status").notNull().default("generating"),
    creditsUsed: integer("credits_used").notNull(),
    refunded: boolean("refunded").notNull().default(false),
    vendorAccountId: uuid("vendor_account_id").references(() => vendorAccounts.id, { onDelete: "set null" }),
    /** Which key made it: account | settings | env | simulator. */
    providerSource: text("provider_source").notNull().default("simulator"),
    /** The kept image: the person's upload it became. */
    uploadName: text("upload_name"),
    errorMessage: text("error_message"),
    /** 'refused' when the vendor refused the prompt for its content; null for any other failure. */
    failureKind: text("failure_kind"),
    vendorCost: numeric("vendor_cost", { precision: 12, scale: 4 }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    checkAttempts: integer("check_attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
  },
  (t) => [
    index("image_tasks_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("image_tasks_due_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'generating'`),
    check("image_tasks_status_valid", sql`${t.status} in ('generating', 'completed', 'failed')`),
  ],
);

export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** purchase | bonus (a package's bonus credits) | refund | usage | adjustment (admin credit edits) | reversal (a refunded or charged-back payment, decision 0084) | expiry (a lot's credits past their time, decision 0150). */
    type: text("type").notNull(),
    /** Signed: purchase, refund and upward adjustments positive; usage negative. */
    amount: integer("amount").notNull(),
    description: text("description"),
    videoTaskId: uuid("video_task_id").references(() => videoTasks.id, { onDelete: "set null" }),
    /** A first frame made from text (issue 71): its usage row and, if it failed, its one refund. */
    imageTaskId: uuid("image_task_id").references((): AnyPgColumn => imageTasks.id, { onDelete: "set null" }),
    /** The provider task id, kept so history stays readable after a task row is deleted. */
    kieTaskId: text("kie_task_id"),
    /** What of the video a usage or refund row is for: null for the video itself, "4k" for its 4K upgrade (decision 0049). */
    upgrade: text("upgrade"),
    packageId: uuid("package_id").references(() => creditPackages.id),
    /** The order a purchase pays for: one purchase row (and one bonus row) per order, so a payment credits once. */
    paymentOrderId: uuid("payment_order_id").references(() => paymentOrders.id),
    /** When the credits a positive row grants expire (issue 69); null: never. Their lot keeps it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** An expiry row's lot: what it took out (decision 0150). */
    lotId: uuid("lot_id").references((): AnyPgColumn => creditLots.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("transactions_one_purchase_per_order")
      .on(t.paymentOrderId)
      .where(sql`${t.type} = 'purchase'`),
    uniqueIndex("transactions_one_bonus_per_order")
      .on(t.paymentOrderId)
      .where(sql`${t.type} = 'bonus'`),
    // Newest first with the id breaking ties, as the pages walk them (decision 0106): a user's
    // rows, everyone's, and one type's (a rare type is not found by reading every newer row).
    index("transactions_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("transactions_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("transactions_type_created_idx").on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin overview's credits by day (decision 0053): an index-only scan.
    index("transactions_overview_idx").on(t.createdAt, t.type, t.amount),
    // A task is refunded at most once, whoever asks; and its 4K upgrade at most once too.
    uniqueIndex("transactions_one_refund_per_task")
      .on(t.kieTaskId)
      .where(sql`${t.type} = 'refund' and ${t.upgrade} is null`),
    uniqueIndex("transactions_one_refund_per_video_task")
      .on(t.videoTaskId)
      .where(sql`${t.type} = 'refund' and ${t.upgrade} is null`),
    uniqueIndex("transactions_one_upgrade_refund")
      .on(t.videoTaskId, t.upgrade)
      .where(sql`${t.type} = 'refund' and ${t.upgrade} is not null`),
    index("transactions_video_task_idx").on(t.videoTaskId),
    uniqueIndex("transactions_one_refund_per_image_task")
      .on(t.imageTaskId)
      .where(sql`${t.type} = 'refund'`),
    // A lot expires once, however many processes sweep at the same moment.
    uniqueIndex("transactions_one_expiry_per_lot")
      .on(t.lotId)
      .where(sql`${t.type} = 'expiry'`),
    // A period's plan credits roll over once (decision 0152): the rollover row names the lot it came from.
    uniqueIndex("transactions_one_rollover_per_lot")
      .on(t.lotId)
      .where(sql`${t.type} = 'rollover'`),
    // A plan payment grants each of its periods once: a yearly plan's months each expire at their own end.
    uniqueIndex("transactions_one_grant_per_period")
      .on(t.paymentOrderId, t.expiresAt)
      .where(sql`${t.type} = 'subscription'`),
    check(
      "transactions_type_valid",
      sql`${t.type} in ('purchase', 'bonus', 'refund', 'usage', 'adjustment', 'reversal', 'expiry', 'subscription', 'rollover', 'welcome', 'code', 'referral')`,
    ),
  ],
);

/**
 * A balance as lots that know when they expire (issue 69, decision 0150): each positive
 * transaction adds a lot, each negative one draws from the lots that expire soonest (never-expiring
 * last), and a video's refund goes back to the lots its usage drew from. The database keeps them
 * from the transactions themselves (functions/veo_keep_credit_lots.sql), so every writer of the
 * ledger keeps them too: a user's unexpired lots hold exactly `users.credits`.
 */
export const creditLots = pgTable(
  "credit_lots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The row that granted it; null for a balance that came before lots (migration 0060). */
    sourceTransactionId: uuid("source_transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    /** The granting row's type: purchase, bonus, adjustment, refund, reversal; "opening" for the balance before lots. */
    kind: text("kind").notNull(),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Set once the lot's remaining credits were taken out as expired. */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // What a spend draws from, soonest expiry first.
    index("credit_lots_spendable_idx")
      .on(t.userId, t.expiresAt, t.createdAt)
      .where(sql`${t.remaining} > 0 and ${t.expiredAt} is null`),
    uniqueIndex("credit_lots_one_per_transaction").on(t.sourceTransactionId),
    check("credit_lots_amount_positive", sql`${t.amount} > 0`),
    check("credit_lots_remaining_not_negative", sql`${t.remaining} >= 0`),
  ],
);

/** How much each transaction took from (or gave back to) each lot: a refund finds its usage's lots here. */
export const creditLotDraws = pgTable(
  "credit_lot_draws",
  {
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    lotId: uuid("lot_id")
      .notNull()
      .references(() => creditLots.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.lotId] }),
    index("credit_lot_draws_lot_idx").on(t.lotId),
    check("credit_lot_draws_amount_positive", sql`${t.amount} > 0`),
  ],
);

export const PROMO_CODE_KINDS = ["grant", "discount"] as const;

/**
 * A code (issue 70, decision 0156): a grant of credits, or a discount on packages or plans. `code`
 * is stored in its normal form (upper case, no separators), so codes are case-insensitive. `uses`
 * only rises through a conditional update that stops at `max_uses`, so a code is never used more
 * often than it may be, however many redeem it at once.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    /** grant | discount */
    kind: text("kind").notNull(),
    /** The admin's note: a campaign, a reseller, an event. */
    label: text("label"),
    /** Codes bulk-created together share it (their CSV export). */
    batchId: uuid("batch_id"),
    /** A grant's credits, and how many days its lot lasts (null: never expires). */
    credits: integer("credits"),
    creditDays: integer("credit_days"),
    /** A discount: percent off, or a fixed amount off in cents (one of them). */
    percentOff: integer("percent_off"),
    amountOffCents: integer("amount_off_cents"),
    /** The packages and plans a discount applies to; null: all of them, empty: none of that kind. */
    packageIds: uuid("package_ids").array(),
    planIds: uuid("plan_ids").array(),
    /** Total uses allowed; null: no limit. */
    maxUses: integer("max_uses"),
    uses: integer("uses").notNull().default(0),
    /** Once per person (enforced by the redemptions' unique index). */
    oncePerPerson: boolean("once_per_person").notNull().default(true),
    /** Only for a person who has never paid (a discount), or never bought (a grant). */
    firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** Switched off by an admin: no new redemptions. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_key").on(t.code),
    index("promo_codes_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("promo_codes_batch_idx").on(t.batchId),
    check("promo_codes_kind_valid", sql`${t.kind} in ('grant', 'discount')`),
    check(
      "promo_codes_grant_valid",
      sql`${t.kind} <> 'grant' or (${t.credits} between 1 and 10000000 and coalesce(${t.creditDays}, 1) between 1 and 3650)`,
    ),
    check(
      "promo_codes_discount_valid",
      sql`${t.kind} <> 'discount' or (coalesce(${t.percentOff} between 1 and 100, false) <> coalesce(${t.amountOffCents} >= 1, false))`,
    ),
    check("promo_codes_uses_valid", sql`${t.uses} >= 0 and coalesce(${t.maxUses}, 1) >= 1`),
  ],
);

export const PROMO_REDEMPTION_STATUSES = ["granted", "reserved", "paid", "released"] as const;

/**
 * One use of a code: a grant (granted, with its ledger row in the same transaction), or a discount
 * held for an order (reserved), paid, or given back (released: the order was never paid). Unique
 * per code and person while the code is once per person (`person_id` is then the user), and per
 * order.
 */
export const promoCodeRedemptions = pgTable(
  "promo_code_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => promoCodes.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    /** The user while the code is once per person, else null: the unique index below. */
    personId: uuid("person_id"),
    status: text("status").notNull(),
    /** A grant's credits and its ledger row. */
    credits: integer("credits").notNull().default(0),
    transactionId: uuid("transaction_id").references(() => transactions.id),
    /** A discount's order (a package) or subscription (a plan's first payment). */
    orderId: uuid("order_id").references(() => paymentOrders.id),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id),
    /** What the discount took off, and what was paid, in cents. */
    discountCents: integer("discount_cents").notNull().default(0),
    paidCents: integer("paid_cents").notNull().default(0),
    /** How it was redeemed: web or api. */
    via: text("via").notNull().default("web"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_code_redemptions_once_per_person")
      .on(t.codeId, t.personId)
      .where(sql`${t.status} <> 'released'`),
    uniqueIndex("promo_code_redemptions_order_key").on(t.orderId),
    uniqueIndex("promo_code_redemptions_subscription_key").on(t.subscriptionId),
    index("promo_code_redemptions_code_idx").on(t.codeId, t.createdAt.desc()),
    index("promo_code_redemptions_user_idx").on(t.userId, t.createdAt.desc()),
    check("promo_code_redemptions_status_valid", sql`${t.status} in ('granted', 'reserved', 'paid', 'released')`),
    check("promo_code_redemptions_via_valid", sql`${t.via} in ('web', 'api')`),
  ],
);

/**
 * Wrong codes per person and per client address (decision 0156): each failure is a row; a few in
 * an hour slow the next try, more refuse it. Old rows are swept.
 */
export const promoCodeFailures = pgTable(
  "promo_code_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    clientAddress: text("client_address").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("promo_code_failures_user_idx").on(t.userId, t.createdAt),
    index("promo_code_failures_address_idx").on(t.clientAddress, t.createdAt),
  ],
);

export const REFERRAL_STATUSES = ["joined", "verified", "refused"] as const;

/**
 * A person who joined through another's referral link (issue 70, decision 0157): one row per
 * referred person, ever, so there are no chains and no second referrer. `refused` keeps why the
 * referral earns nothing (the same person, address, network or payer).
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => users.id),
    refereeId: uuid("referee_id")
      .notNull()
      .references(() => users.id),
    /** When the link was followed (the visit that brought them), and the network they joined from. */
    visitedAt: timestamp("visited_at", { withTimezone: true }).notNull(),
    network: text("network"),
    status: text("status").notNull().default("joined"),
    refusedReason: text("refused_reason"),
    /** The referred person's bonus once verified, and its ledger row. */
    bonusCredits: integer("bonus_credits").notNull().default(0),
    bonusTransactionId: uuid("bonus_transaction_id").references(() => transactions.id),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("referrals_one_per_referee").on(t.refereeId),
    index("referrals_referrer_idx").on(t.referrerId, t.createdAt.desc()),
    index("referrals_created_idx").on(t.createdAt),
    check("referrals_status_valid", sql`${t.status} in ('joined', 'verified', 'refused')`),
    check("referrals_not_self", sql`${t.referrerId} <> ${t.refereeId}`),
  ],
);

export const REFERRAL_REWARD_STATUSES = ["held", "granted", "cancelled", "reversed"] as const;

/**
 * The referrer's share of one payment by a referred person (decision 0157): held until
 * `release_at`, then granted once (a conditional update from held, with its ledger row in the same
 * transaction); a refund or chargeback before that cancels it, after it takes the credits back.
 */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id),
    referrerId: uuid("referrer_id")
      .notNull()
      .references(() => users.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    paidCents: integer("paid_cents").notNull(),
    credits: integer("credits").notNull(),
    status: text("status").notNull().default("held"),
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull(),
    transactionId: uuid("transaction_id").references(() => transactions.id),
    /** Credits taken back after a refund, and what the balance could not pay (owed). */
    reversedCredits: integer("reversed_credits").notNull().default(0),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("referral_rewards_one_per_order").on(t.orderId),
    index("referral_rewards_referral_idx").on(t.referralId),
    index("referral_rewards_referrer_idx").on(t.referrerId, t.createdAt.desc()),
    index("referral_rewards_due_idx")
      .on(t.releaseAt)
      .where(sql`${t.status} = 'held'`),
    check("referral_rewards_status_valid", sql`${t.status} in ('held', 'granted', 'cancelled', 'reversed')`),
    check("referral_rewards_credits_valid", sql`${t.credits} >= 0 and ${t.paidCents} >= 0`),
  ],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the token; the token itself is shown once and never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The token with its middle masked (first and last 8 characters kept), for lists. */
    tokenMasked: text("token_masked").notNull(),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    lastUsed: timestamp("last_used", { withTimezone: true }),
    /**
     * An OAuth access token (decision 0169): the connection it was issued for (deleting the
     * connection deletes it), when it stops working, and what it may do. Null: a classic API token
     * from the /api page, with full access and no end; only those are listed as API tokens.
     */
    oauthGrantId: uuid("oauth_grant_id").references((): AnyPgColumn => oauthGrants.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    scopes: text("scopes").array(),
  },
  (t) => [index("api_tokens_user_id_idx").on(t.userId), index("api_tokens_oauth_grant_id_idx").on(t.oauthGrantId)],
);

/**
 * OAuth clients (decision 0169): one registered by Dynamic Client Registration (client_id made
 * here), or one whose client_id is the https URL of its Client ID Metadata Document (the
 * document's redirect URIs and name, cached and fetched again when stale).
 */
export const oauthClients = pgTable("oauth_clients", {
  clientId: text("client_id").primaryKey(),
  /** "registered" (RFC 7591) or "metadata-document". */
  kind: text("kind").notNull(),
  /** The client's own name for itself: unverified. */
  name: text("name").notNull(),
  redirectUris: text("redirect_uris").array().notNull(),
  createdAt: createdAt(),
  /** When the metadata document was last read (null for a registered client). */
  fetchedAt: timestamp("fetched_at", { withTimezone: true }),
});

/**
 * A person's approval of an OAuth client (a "connection" on the /api page): what it may do, for
 * which resource. Deleting it revokes its access and refresh tokens at once (cascade).
 */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: "cascade" }),
    /** The client's name when the person approved it, as the person saw it. */
    clientName: text("client_name").notNull(),
    scopes: text("scopes").array().notNull(),
    resource: text("resource").notNull(),
    createdAt: createdAt(),
    /** The last token issued for it (codes and refreshes). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [unique("oauth_grants_user_client_unique").on(t.userId, t.clientId)],
);

/** Authorization codes: single use (used_at set by a conditional update), 10 minutes, PKCE S256. */
export const oauthCodes = pgTable(
  "oauth_codes",
  {
    /** SHA-256 (hex) of the code. */
    codeHash: text("code_hash").primaryKey(),
    grantId: uuid("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    scopes: text("scopes").array().notNull(),
    resource: text("resource").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_codes_grant_id_idx").on(t.grantId)],
);

/** Refresh tokens: rotated on every use; a used one presented again revokes its whole grant. */
export const oauthRefreshTokens = pgTable(
  "oauth_refresh_tokens",
  {
    /** SHA-256 (hex) of the token. */
    tokenHash: text("token_hash").primaryKey(),
    grantId: uuid("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    scopes: text("scopes").array().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_refresh_tokens_grant_id_idx").on(t.grantId)],
);

export const NOTIFICATION_STATUSES = ["pending", "sent", "failed", "skipped"] as const;

/**
 * The outbox of admin notifications (Telegram): written in the same transaction as the event it
 * reports, delivered in the background with retries, so an outage never touches the event.
 */
export const adminNotifications = pgTable(
  "admin_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** purchase | video_failed | provider_low | provider_rejected | provider_empty */
    kind: text("kind").notNull(),
    /** The message, HTML-escaped for Telegram's HTML parse mode. */
    text: text("text").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the sender may next try (also its claim: a sender pushes it ahead while sending). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("admin_notifications_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check("admin_notifications_status_valid", sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);

/**
 * Fixed-window rate-limit counters shared by every server process on one PostgreSQL
 * (PGlite is one process, so it counts in memory instead).
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    /** The limiter's name and the counted key (user id, IP, token hash), e.g. `generate:<uuid>`. */
    key: text("key").primaryKey(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [index("rate_limit_windows_reset_idx").on(t.resetAt)],
);

/**
 * Reference images people uploaded (the files live in the BlobStore under `name`): counted for the
 * per-user storage quota, and swept once no task references them after a day (decision 0034).
 */
export const uploads = pgTable(
  "uploads",
  {
    name: text("name").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
    /** When a video task first used it; null: unused, counted for the quota and swept after a day. */
    referencedAt: timestamp("referenced_at", { withTimezone: true }),
  },
  (t) => [
    index("uploads_user_id_idx").on(t.userId),
    // Only unused uploads are summed for the quota and swept: used ones pile up and are never scanned.
    index("uploads_unused_user_idx")
      .on(t.userId)
      .where(sql`${t.referencedAt} is null`),
    index("uploads_unused_created_at_idx")
      .on(t.createdAt)
      .where(sql`${t.referencedAt} is null`),
  ],
);

/**
 * Idempotency-Key requests (decision 0046): the first request with a key claims it; later ones
 * with the same key and request get its stored answer for 24 hours. `videoTaskId` is set in the
 * transaction that charges for the video.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the route and the validated body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** processing (the first request is running) or done (its answer is stored). */
    state: text("state").notNull().default("processing"),
    statusCode: integer("status_code"),
    /** The answer's body, or `{code, message}` of an error answer. */
    response: jsonb("response"),
    videoTaskId: uuid("video_task_id").references(() => videoTasks.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
    check("idempotency_keys_state_valid", sql`${t.state} in ('processing', 'done')`),
  ],
);

/**
 * Outbound webhooks (decision 0047). An endpoint is a URL a person added on /api (kind
 * `endpoint`), or the one row per person that signs the deliveries to requests' callbackUrls
 * (kind `callbacks`, no URL). Secrets are sealed by the secret box.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("endpoint"),
    url: text("url"),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secretEncrypted: text("secret_encrypted").notNull(),
    /** After a rotation, deliveries are signed with this one too until previousSecretUntil. */
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretUntil: timestamp("previous_secret_until", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    /** Every delivery since then failed; after 3 days the endpoint is disabled. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** Tries in a row that got no answer in time: each halves its timeout and lengthens its pause (decision 0062). */
    timeoutStreak: integer("timeout_streak").notNull().default(0),
    /** After a try that got no answer, nothing more is sent to it before then. */
    pausedUntil: timestamp("paused_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_endpoints_user_idx").on(t.userId),
    uniqueIndex("webhook_endpoints_callbacks_key")
      .on(t.userId)
      .where(sql`${t.kind} = 'callbacks'`),
    check("webhook_endpoints_kind_valid", sql`${t.kind} in ('endpoint', 'callbacks')`),
    check("webhook_endpoints_url_valid", sql`(${t.kind} = 'endpoint') = (${t.url} is not null)`),
  ],
);

/**
 * What happened, written by database triggers in the same transaction as the change itself (a
 * task finishing, 1080p arriving, a balance falling below its threshold), then fanned out into
 * deliveries by the webhook job. `id` is the Standard Webhooks message id.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    videoTaskId: uuid("video_task_id").references(() => videoTasks.id, { onDelete: "cascade" }),
    /** Type-specific facts known only at the moment (credits.low: the balance and threshold). */
    data: jsonb("data"),
    createdAt: createdAt(),
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_events_unfanned_idx")
      .on(t.createdAt)
      .where(sql`${t.fannedOutAt} is null`),
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

/** The outbox: one event for one endpoint, with its exact body, retried until it succeeds or the schedule ends. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** Only for callbacks: the request's callbackUrl. Endpoints are sent to their current URL. */
    url: text("url"),
    payload: text("payload").notNull(),
    status: text("status").notNull().default("pending"),
    /** Tries in the current series (a resend starts a new one). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** The destination's host name (no port), for the per-host limit on requests in flight (decision 0062). */
    host: text("host"),
    /** Set by a claim while its try is in flight: what the per-endpoint and per-host limits count. */
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_key").on(t.eventId, t.endpointId),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId),
    index("webhook_deliveries_pending_endpoint_idx")
      .on(t.endpointId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_leased_idx")
      .on(t.leasedUntil)
      .where(sql`${t.leasedUntil} is not null`),
    check("webhook_deliveries_status_valid", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** The delivery log: every try, the last WEBHOOK_LOG_SIZE per endpoint kept. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_attempts_endpoint_idx").on(t.endpointId, t.createdAt.desc())],
);

/**
 * What admins did (decision 0052): who, when, from where, what. Append-only: triggers refuse
 * UPDATE, DELETE and TRUNCATE (migration 0019); nothing in the app changes a row.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    /** The admin; null only if that account is ever removed (the name below stays). */
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    adminUsername: text("admin_username").notNull(),
    ip: text("ip"),
    /** e.g. settings.update, user.credits, transaction.refund (shared/audit.ts lists them). */
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** A readable name of the target when it was acted on (a username, a package name). */
    targetLabel: text("target_label"),
    /** What changed: field names, before/after values; never a secret's value. */
    details: jsonb("details").notNull().default({}),
  },
  (t) => [
    index("admin_audit_log_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("admin_audit_log_action_idx").on(t.action, t.id.desc().nullsFirst()),
    index("admin_audit_log_admin_idx").on(t.adminId, t.id.desc().nullsFirst()),
    index("admin_audit_log_target_idx").on(t.targetType, t.targetId, t.id.desc().nullsFirst()),
  ],
);

/**
 * The legal pages' texts the admin saved (decision 0079): one row per page and language. A page
 * without its row shows the product's starting text; a row exists once the admin saved (or
 * reviewed and kept) that text.
 */
export const legalTexts = pgTable(
  "legal_texts",
  {
    page: text("page").notNull(),
    locale: text("locale").notNull(),
    /** Markdown as the admin wrote it. */
    markdown: text("markdown").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.page, t.locale] }),
    check("legal_texts_page_valid", sql`${t.page} in ('terms', 'privacy', 'refunds')`),
    check("legal_texts_locale_valid", sql`${t.locale} in ('en', 'vi')`),
  ],
);

/**
 * The landing page's showcase (issue 38, decision 0081): the finished videos the admin chose, in
 * their order, each with an optional caption. A row points at the video itself: what the landing
 * page shows is joined at read time (still finished, not deleted, the admin's own or still shared
 * under the same link), so unsharing or deleting a video takes it off at once.
 */
export const showcaseVideos = pgTable(
  "showcase_videos",
  {
    videoTaskId: uuid("video_task_id")
      .primaryKey()
      .references(() => videoTasks.id, { onDelete: "cascade" }),
    /** 0 first. */
    position: integer("position").notNull(),
    /** Shown instead of the prompt; null shows the prompt (unless its owner hid it). */
    caption: text("caption"),
    /**
     * The video's share id when it was chosen: a customer's video is shown only while shared
     * under it, so one unshared and shared again (a new id) does not come back unasked.
     */
    shareId: text("share_id"),
    createdAt: createdAt(),
  },
  (t) => [index("showcase_videos_position_idx").on(t.position)],
);

/**
 * Each model's sample (issue 72): a finished video the admin chose to show beside the model in the
 * generator and on the landing page, joined at read time like the showcase (still finished, the
 * admins' own or still shared under the same link).
 */
export const modelSamples = pgTable("model_samples", {
  model: text("model").primaryKey(),
  videoTaskId: uuid("video_task_id")
    .notNull()
    .references(() => videoTasks.id, { onDelete: "cascade" }),
  shareId: text("share_id"),
  createdAt: createdAt(),
});

export const EXPLORE_REPORT_REASONS = ["sexual", "violence", "hate", "copyright", "spam", "other"] as const;

/**
 * A visitor's report of an Explore video (issue 72): one per video and reporter (a person's id, or
 * a keyed hash of a signed-out visitor's address), kept for the admin's Explore tab until resolved.
 */
export const exploreReports = pgTable(
  "explore_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    videoTaskId: uuid("video_task_id")
      .notNull()
      .references(() => videoTasks.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details"),
    reporterUserId: uuid("reporter_user_id").references(() => users.id, { onDelete: "set null" }),
    reporterKey: text("reporter_key").notNull(),
    createdAt: createdAt(),
    /** When an admin dealt with it (hid, restored or dismissed the video's reports). */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("explore_reports_once_idx").on(t.videoTaskId, t.reporterKey),
    index("explore_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    check(
      "explore_reports_reason_valid",
      sql`${t.reason} in ('sexual', 'violence', 'hate', 'copyright', 'spam', 'other')`,
    ),
  ],
);

export const MAIL_STATUSES = ["pending", "sent", "failed", "kept"] as const;

/**
 * The mail outbox (decision 0085): each message rendered and written in the same transaction as
 * what caused it, sent by the mail sender with retries. `kept`: no mail server was configured when
 * it was due, so it stays here for the admin's Mail page (the embedded default's local outbox).
 * A message a mail server accepted keeps its headers but not its body (links in it are secrets).
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    /** password_reset, verify_email, receipt, video_ready... (features/mail/kinds.ts). */
    kind: text("kind").notNull(),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    html: text("html"),
    textBody: text("text_body"),
    /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post for the notices one can turn off. */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the sender may next try (also its claim: a sender pushes it ahead while sending). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("mail_messages_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("mail_messages_user_idx").on(t.userId),
    check("mail_messages_status_valid", sql`${t.status} in ('pending', 'sent', 'failed', 'kept')`),
  ],
);

/**
 * Password reset requests waiting for the reset job (decision 0132): the route writes one row for
 * every request, whoever it names, and answers; the job looks the account up and writes the link
 * and its message later, so a request costs the same whether or not the account exists.
 */
export const passwordResetRequests = pgTable(
  "password_reset_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the person typed: an address or a username, as sent. */
    login: text("login").notNull(),
    /** The language of the page that asked (the message's, when the account chose none). */
    locale: text("locale").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_requests_created_idx").on(t.createdAt)],
);

export const ACCOUNT_TOKEN_PURPOSES = [
  "password_reset",
  "verify_email",
  "change_email",
  "cancel_email_change",
] as const;

/**
 * Single-use links sent by mail (decision 0088): a password reset, an address to confirm, the old
 * address's "this was not me" (decision 0128). Only the SHA-256 of the token is stored; a link is
 * used by one conditional update (unused, unexpired, its account active and its password older).
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address being confirmed (verify_email, change_email), or told (cancel_email_change). */
    email: text("email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("account_tokens_user_idx").on(t.userId, t.purpose),
    index("account_tokens_expires_idx").on(t.expiresAt),
    check(
      "account_tokens_purpose_valid",
      sql`${t.purpose} in ('password_reset', 'verify_email', 'change_email', 'cancel_email_change')`,
    ),
  ],
);

/** The browsers a person has signed in from (a hash of a long-lived cookie): a new one gets a notice (decision 0086). */
export const knownBrowsers = pgTable(
  "known_browsers",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browserHash: text("browser_hash").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browserHash] })],
);

/** Usernames of deleted accounts, held for a while so nobody else can take one at once (decision 0087). */
export const heldUsernames = pgTable("held_usernames", {
  /** lower(username) */
  username: text("username").primaryKey(),
  heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
});

export const MODERATION_DECISIONS = ["allow", "flag", "deny", "unavailable"] as const;
export const MODERATION_OUTCOMES = ["allowed", "refused", "review"] as const;

/**
 * Every prompt screening that did not simply allow (issue 41): what was screened (a prompt or a
 * watermark, from the web or the API), which screener decided, and what happened to the request.
 * The admin's moderation log; `review` rows wait for an admin to look (reviewed_at).
 */
export const moderationEvents = pgTable(
  "moderation_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** web | api */
    source: text("source").notNull(),
    /** prompt | watermark */
    field: text("field").notNull(),
    text: text("text").notNull(),
    /** creem | rules */
    screener: text("screener").notNull(),
    decision: text("decision").notNull(),
    outcome: text("outcome").notNull(),
    /** The screener's words (a rule that matched, Creem's id), for the admin. */
    detail: text("detail"),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("moderation_events_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("moderation_events_user_idx").on(t.userId, t.createdAt.desc()),
    index("moderation_events_review_idx")
      .on(t.createdAt)
      .where(sql`${t.outcome} = 'review' and ${t.reviewedAt} is null`),
    check("moderation_events_source_valid", sql`${t.source} in ('web', 'api')`),
    check("moderation_events_field_valid", sql`${t.field} in ('prompt', 'watermark')`),
    check("moderation_events_decision_valid", sql`${t.decision} in ('allow', 'flag', 'deny', 'unavailable')`),
    check("moderation_events_outcome_valid", sql`${t.outcome} in ('allowed', 'refused', 'review')`),
  ],
);

/** An authenticator app's secret (TOTP, issue 41), sealed; confirmed once a first code matched. */
export const totpCredentials = pgTable("totp_credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The time step of the last code accepted: a code is used once. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** One-time recovery codes of a second factor, stored as SHA-256; each works once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/** Passkeys (WebAuthn credentials) a person registered as a second factor. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** base64url of the credential id, as the browser gives it. */
    credentialId: text("credential_id").notNull().unique(),
    /** base64url of the COSE public key. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * When a session last passed a second factor (issue 41): sensitive admin actions ask again after
 * a while. Read fresh where asked (not in the sessions cache); gone with its session.
 */
export const sessionSecondFactors = pgTable("session_second_factors", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Passkey sign-in challenges already used (decision 0137): the challenge itself travels sealed in
 * a cookie, which a replay carries again; the first use's insert takes the key, a second finds it.
 * Kept until the challenge would have expired anyway, then swept with the Idempotency-Keys.
 */
export const usedPasskeyChallenges = pgTable(
  "used_passkey_challenges",
  {
    /** SHA-256 (hex) of the challenge. */
    challengeHash: text("challenge_hash").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("used_passkey_challenges_expires_at_idx").on(t.expiresAt)],
);

// ---- The admin overview's daily figures (decision 0106) ----
// Kept by triggers as tasks and ledger rows are written, changed and deleted
// (functions/veo_overview_video_days.sql, veo_overview_credit_days.sql), so the overview reads a
// few rows per day instead of every video and transaction of its range. A key's figure may reach
// 0 and stay: readers leave such rows out.
// Every generation and completion adds to the same few keys, so each key is split over `slot`s
// (the writing connection's backend pid modulo OVERVIEW_SLOTS, decision 0110): transactions on
// different connections update different rows instead of queueing on one. Readers sum the slots.

/** The writing connection's share of a daily figure: its rows' `slot`. */
const slot = () => smallint("slot").notNull().default(0);

/** Videos per UTC day of created_at, model and outcome: what the overview's video figures count. */
export const overviewVideoDays = pgTable(
  "overview_video_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    model: text("model").notNull(),
    status: text("status").notNull(),
    refunded: boolean("refunded").notNull(),
    /** video_tasks.failure_kind, '' for none (a key column cannot be null). */
    failureKind: text("failure_kind").notNull(),
    slot: slot(),
    videos: integer("videos").notNull(),
  },
  (t) => [
    primaryKey({
      name: "overview_video_days_pk",
      columns: [t.day, t.model, t.status, t.refunded, t.failureKind, t.slot],
    }),
  ],
);

/**
 * How long videos took, per UTC day of created_at: `video` (completed_at - created_at of completed
 * videos) and `1080p` (hd_ready_at - created_at), counted in buckets 1 % wide:
 * bucket = floor(ln(seconds) * 100), seconds at least 0.001. The overview's times come from these
 * when a range holds more videos than it sorts exactly.
 */
export const overviewVideoTimes = pgTable(
  "overview_video_times",
  {
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    bucket: integer("bucket").notNull(),
    slot: slot(),
    videos: integer("videos").notNull(),
  },
  (t) => [
    primaryKey({ name: "overview_video_times_pk", columns: [t.day, t.kind, t.bucket, t.slot] }),
    check("overview_video_times_kind_valid", sql`${t.kind} in ('video', '1080p')`),
  ],
);

/**
 * Completed videos not refunded per UTC day of created_at, model, vendor and options: what the
 * overview's unit economics read (the count, credits charged with 4K, costs the vendor reported).
 * Options are null on videos from before them, and null keys are one key (nulls not distinct).
 */
export const overviewVideoCosts = pgTable(
  "overview_video_costs",
  {
    day: date("day", { mode: "string" }).notNull(),
    model: text("model").notNull(),
    vendor: text("vendor").notNull(),
    durationSeconds: integer("duration_seconds"),
    resolution: text("resolution"),
    audio: boolean("audio"),
    slot: slot(),
    videos: integer("videos").notNull(),
    /** credits_used, plus uhd_credits once the 4K version is ready. */
    credits: bigint("credits", { mode: "number" }).notNull(),
    /** Videos whose 4K version is ready. */
    uhd: integer("uhd").notNull(),
    /** Videos with a vendor_cost, and its sum. */
    reported: integer("reported").notNull(),
    reportedCost: numeric("reported_cost").notNull(),
  },
  (t) => [
    unique("overview_video_costs_key")
      .on(t.day, t.model, t.vendor, t.durationSeconds, t.resolution, t.audio, t.slot)
      .nullsNotDistinct(),
  ],
);

/** Credits per UTC day of created_at, transaction type and sign (amount > 0): the overview's credit figures. */
export const overviewCreditDays = pgTable(
  "overview_credit_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    type: text("type").notNull(),
    positive: boolean("positive").notNull(),
    slot: slot(),
    amount: bigint("amount", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "overview_credit_days_pk", columns: [t.day, t.type, t.positive, t.slot] })],
);

/** Sign-ups per UTC day of created_at and users.signup_method ('' for none): the overview's new users. */
export const overviewUserDays = pgTable(
  "overview_user_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    signupMethod: text("signup_method").notNull(),
    users: integer("users").notNull(),
  },
  (t) => [primaryKey({ name: "overview_user_days_pk", columns: [t.day, t.signupMethod] })],
);

/** Completed payment orders per UTC day of completed_at, provider and currency, with their amount: the overview's revenue. */
export const overviewSaleDays = pgTable(
  "overview_sale_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    provider: text("provider").notNull(),
    currency: text("currency").notNull(),
    orders: integer("orders").notNull(),
    amount: numeric("amount").notNull(),
  },
  (t) => [primaryKey({ name: "overview_sale_days_pk", columns: [t.day, t.provider, t.currency] })],
);
