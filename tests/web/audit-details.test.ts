/**
 * The audit log's details in words (issue 68): for each action the server records, the details it
 * writes (src/server/features/**: recordAudit) read as "Field: before → after" and "Name: value"
 * lines in the owner's words, with credits and money formatted, switches on or off, secrets
 * never shown, and never JSON.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditAction } from "../../src/shared/audit";
import { detailLines } from "@/features/admin/audit/audit-details";
import { useLocale } from "./render";

const AT = "2026-03-09T14:05:09.000Z";
const at = new Date(AT).toLocaleString("en-US");

/** Each action: the details as the server writes them, and the lines the page shows. */
const CASES: Record<AuditAction, [Record<string, unknown>, string[]]> = {
  "admin.sign_in": [{ method: "password" }, ["Method: Password"]],
  "settings.update": [
    {
      changes: [
        { field: "creditValueUsd", before: 0.01, after: 0.0125 },
        { field: "googleAuthEnabled", before: false, after: true },
        { field: "kieToken", secret: true },
        { field: "prices.veo3_fast.web", before: 20, after: 25 },
        { field: "prices.kling3:1080p+sound.api", before: 40, after: 42.5 },
        { field: "disabledModels", before: [], after: ["veo3", "kling26"] },
        { field: "kieSurface", before: "veo", after: "market" },
        { field: "videoRetentionDays", before: null, after: 30 },
        { field: "vendorOrder", before: ["kie", "google"], after: ["google", "kie"] },
        { field: "somethingNew", before: "a", after: "b" },
      ],
      keyChecks: { creem: { status: "checked", environment: "test", checkedAt: AT } },
    },
    [
      "Value of a credit: $0.01 → $0.0125",
      "Google sign-in: off → on",
      "KIE API token: changed",
      "Veo3 Fast: web price: 20 credits → 25 credits",
      "Kling 3.0 · 1080p · with sound: API price: 40 credits → 42.5 credits",
      "Models turned off: none → Veo3 (Quality), Kling 2.6",
      "KIE API for new videos: Veo API → Market jobs API",
      "Days to keep videos: none → 30 days",
      "Vendor order: KIE, Google → Google, KIE",
      "something new: a → b",
      `Payment keys tried: Creem: (Status: tried, Environment: Test mode, Tried at: ${at})`,
    ],
  ],
  "prices.at_margin": [
    {
      changes: [{ field: "prices.veo3.web", before: 60, after: 72 }],
      reason: "KIE raised its prices",
      marginPercent: 30,
      creditUsd: 0.01,
    },
    [
      "Veo3 (Quality): web price: 60 credits → 72 credits",
      "Reason: KIE raised its prices",
      "Price margin: 30%",
      "Value of a credit: $0.01",
    ],
  ],
  "telegram.update": [
    {
      changes: [
        { field: "telegramChatId", before: null, after: "-1001234" },
        { field: "telegramBotToken", secret: true },
      ],
    },
    ["Chat ID: none → -1001234", "Bot token: changed"],
  ],
  "telegram.test": [{ chatId: "-1001234" }, ["Chat ID: -1001234"]],
  "mail.update": [
    {
      changes: [
        { field: "smtpHost", before: null, after: "smtp.example.com" },
        { field: "smtpPort", before: 587, after: 465 },
        { field: "smtpSecurity", before: "starttls", after: "tls" },
        { field: "smtpPassword", secret: true },
      ],
    },
    [
      "Mail server (SMTP host): none → smtp.example.com",
      "Port: 587 → 465",
      "Security: STARTTLS (port 587) → TLS (port 465)",
      "Mail server password: changed",
    ],
  ],
  "mail.test": [{ to: "owner@example.com" }, ["To: owner@example.com"]],
  "mail.new_link": [{ kind: "password_reset", from: "user_page" }, ["Link: Password reset", "From: The user's page"]],
  "sign_ups.update": [
    {
      changes: [
        { field: "emailDomainsBlocked", before: [], after: ["spam.test", "junk.test"] },
        { field: "turnstileSecret", secret: true },
      ],
    },
    ["Mail domains always refused: none → spam.test, junk.test", "Turnstile secret key: changed"],
  ],
  "moderation.update": [
    {
      changes: [
        { field: "moderationCreemEnabled", before: true, after: false },
        { field: "moderationFlagAction", before: "refuse", after: "review" },
        { field: "moderationRules", before: [], after: [{ text: "weapon", kind: "deny" }] },
      ],
    },
    [
      "Screen prompts with Creem's moderation: on → off",
      "When Creem flags a prompt: Refuse the video → Make it, to review",
      "Screening rules: none → weapon (deny)",
    ],
  ],
  "moderation.review": [
    { screener: "creem", decision: "flag", outcome: "review" },
    ["Screener: Creem moderation", "Decision: Flagged", "Outcome: Made, to review"],
  ],
  "package.create": [
    {
      after: {
        name: "Starter",
        credits: 100,
        price: "9.99",
        popular: true,
        description: null,
        bonus: null,
        bonusCredits: 10,
        creemProductId: null,
        isActive: true,
      },
    },
    [
      "Name: Starter",
      "Credits: 100",
      "Price (USD): $9.99",
      "Most Popular: yes",
      "Description: none",
      "Bonus note: none",
      "Bonus credits: 10",
      "Creem product ID: none",
      "Active: yes",
    ],
  ],
  "package.update": [
    {
      changes: [
        { field: "price", before: "9.99", after: "12.50" },
        { field: "isActive", before: true, after: false },
      ],
    },
    ["Price (USD): $9.99 → $12.50", "Active: on → off"],
  ],
  "package.delete": [{ deactivated: true }, ["Kept as inactive (it was bought before): yes"]],
  "plan.create": [
    { after: { name: "Pro", monthlyPrice: "19.00", creditsPerMonth: 300 } },
    ["Name: Pro", "Monthly price (USD): 19.00", "Credits per month: 300"],
  ],
  "plan.update": [
    { changes: [{ field: "monthlyPrice", before: "19.00", after: "24.00" }] },
    ["Monthly price (USD): 19.00 → 24.00"],
  ],
  "plan.delete": [{ deactivated: true }, ["Kept as inactive (it was bought before): yes"]],
  "code.create": [
    { after: { codeKind: "grant", label: "launch", credits: 100, creditDays: 14, maxUses: 50, oncePerPerson: true } },
    [
      "Kind of code: grant",
      "Label: launch",
      "Credits: 100",
      "Days the credits last: 14",
      "Uses allowed: 50",
      "Once per person: yes",
    ],
  ],
  "code.bulk_create": [
    { batchId: "b1", count: 100, after: { codeKind: "discount", percentOff: 20 } },
    ["Kind of code: discount", "Percent off: 20", "Batch: b1", "How many: 100"],
  ],
  "code.update": [
    {
      changes: [
        { field: "disabled", before: false, after: true },
        { field: "amountOffCents", before: 500, after: 750 },
      ],
    },
    ["Turned off: off → on", "Amount off: $5.00 → $7.50"],
  ],
  "code.redeem": [
    { codeKind: "discount", via: "web", discountCents: 500, paidCents: 1500 },
    ["Kind of code: discount", "Through: web", "Discount: $5.00", "Paid: $15.00"],
  ],
  "code.export": [{ batchId: "all" }, ["Batch: all"]],
  "subscription.cancel": [
    { reason: "asked by phone", provider: "creem" },
    ["Reason: asked by phone", "Provider: Creem"],
  ],
  "user.credits": [
    { before: { credits: 5 }, after: { credits: 42 }, change: "set", amount: 42, reason: "goodwill bonus" },
    ["Credits: 5 → 42", "Change: set to 42 credits", "Reason: goodwill bonus"],
  ],
  "user.enable": [{ before: { isActive: false }, after: { isActive: true } }, ["Active: off → on"]],
  "user.disable": [{ before: { isActive: true }, after: { isActive: false } }, ["Active: on → off"]],
  "user.sign_out": [{ sessions: 3 }, ["Sessions ended: 3"]],
  "user.in_flight_limit": [
    { before: { maxVideosInFlight: null }, after: { maxVideosInFlight: 2 } },
    ["Videos at once: none → 2"],
  ],
  "user.api_token_revoke": [
    { tokenId: "b5c0", name: "n8n", token: "sk-abc12345••••••••90ef1234" },
    ["Token ID: b5c0", "Name: n8n", "API token: sk-abc12345••••••••90ef1234"],
  ],
  "user.second_factor_remove": [{ totp: true, passkeys: 2 }, ["Authenticator app removed: yes", "Passkeys removed: 2"]],
  "second_factor.enrol": [{ method: "passkey", name: "Laptop" }, ["Method: Passkey", "Name: Laptop"]],
  "second_factor.remove": [{ method: "totp" }, ["Method: Authenticator app"]],
  "second_factor.recovery_codes": [{}, []],
  "second_factor.require": [{ required: true }, ["Second factor for every admin: yes"]],
  "account.delete": [
    {
      proof: "google",
      googleSignInSecondsAgo: 40,
      forfeitedCredits: 12,
      creditsOwed: 0,
      videos: 3,
      uploads: 1,
      sessions: 2,
      apiTokens: 1,
      webhookEndpoints: 0,
      goodbyeMail: true,
      usernameHeldUntil: AT,
    },
    [
      "Confirmed with: Google",
      "Google sign-in, seconds before: 40",
      "Credits given up: 12",
      "Credits owed: 0",
      "Videos: 3",
      "Uploads: 1",
      "Sessions ended: 2",
      "API tokens: 1",
      "Webhook endpoints: 0",
      "Goodbye e-mail: yes",
      `Username held until: ${at}`,
    ],
  ],
  "transaction.refund": [
    { amount: 5, reason: "blurry", part: "4k" },
    ["Amount: 5 credits", "Reason: blurry", "Part: 4K upgrade"],
  ],
  "kie_api.create": [
    { after: { name: "Main", vendor: "kie", totalCredits: 5000, modelCosts: { veo3_fast: 20 }, isEnabled: true } },
    ["Name: Main", "Vendor: KIE", "Total credits: 5,000", "Cost per video: Veo3 Fast: 20", "Enabled: yes"],
  ],
  "kie_api.update": [
    {
      changes: [
        { field: "isEnabled", before: true, after: false },
        { field: "modelCosts", before: { veo3: 60 }, after: { veo3: 80, kling26: 30 } },
        { field: "token", secret: true },
      ],
    },
    [
      "Enabled: on → off",
      "Cost per video: Veo3 (Quality): 60 → Veo3 (Quality): 80, Kling 2.6: 30",
      "API token: changed",
    ],
  ],
  "kie_api.delete": [
    { before: { name: "Old", vendor: "google", totalCredits: 0 } },
    ["Name: was Old", "Vendor: was Google", "Total credits: was 0"],
  ],
  "kie_api.check_balance": [{ credits: 4200 }, ["Credits: 4,200"]],
  "vendor_model.update": [
    {
      reason: "Google retired the preview id",
      before: { vendorModelId: "veo-3.1-fast-generate-preview", state: "active" },
      after: { vendorModelId: "gemini-omni-1.1-flash", state: "deprecated" },
    },
    [
      "Model id: veo-3.1-fast-generate-preview → gemini-omni-1.1-flash",
      "State: Active → Deprecated",
      "Reason: Google retired the preview id",
    ],
  ],
  "videos.recheck_failed": [
    { checked: 4, recovered: 2, chargedAgain: 1, refundsKept: 1, stillFailed: 2, unchecked: 0 },
    ["Checked: 4", "Recovered: 2", "Refunds taken back: 1", "Refunds kept: 1", "Still failed: 2", "Not checked: 0"],
  ],
  "videos.delete_failed": [{ deleted: 7 }, ["Deleted: 7"]],
  "export.users": [{ filters: { q: "ann", role: "admin" } }, ["Filters: Search: ann, Role: admin"]],
  "export.transactions": [{ filters: { type: "adjustment", user: "bob" } }, ["Filters: Type: adjustment, User: bob"]],
  "legal.update": [
    { page: "terms", locale: "vi", wasStartingText: false, characters: { before: 1200, after: 1340 } },
    [
      "Page: Terms of service",
      "Language: Vietnamese",
      "Replaced the starting text: no",
      "Length in characters: 1,200 → 1,340",
    ],
  ],
  "explore.approve": [
    { changes: [{ field: "exploreStatus", before: "pending", after: "listed" }] },
    ["In Explore: Waiting for approval → Listed"],
  ],
  "explore.hide": [
    {
      changes: [
        { field: "exploreStatus", before: "listed", after: "hidden" },
        { field: "featured", before: true, after: false },
      ],
      reason: "spam links",
      resolvedReports: 2,
    },
    ["In Explore: Listed → Hidden", "Featured: on → off", "Reason: spam links", "Reports dealt with: 2"],
  ],
  "explore.restore": [
    { changes: [{ field: "exploreStatus", before: "hidden", after: null }] },
    ["In Explore: Hidden → none"],
  ],
  "explore.feature": [{ changes: [{ field: "featured", before: false, after: true }] }, ["Featured: off → on"]],
  "explore.unfeature": [{ changes: [{ field: "featured", before: true, after: false }] }, ["Featured: on → off"]],
  "explore.dismiss_reports": [{ resolvedReports: 3 }, ["Reports dealt with: 3"]],
  "explore.delete": [
    { changes: [{ field: "exploreStatus", before: "listed", after: null }], reason: "illegal" },
    ["In Explore: Listed → none", "Reason: illegal"],
  ],
  "showcase.update": [
    {
      before: [{ taskId: "a", caption: "Sunset" }],
      after: [
        { taskId: "a", caption: "Sunset" },
        { taskId: "b", caption: null },
      ],
    },
    ["Videos: 1 video → 2 videos"],
  ],
  "payment.refund": [
    {
      provider: "paypal",
      providerRefundId: "R-1",
      source: "admin",
      amountCents: 999,
      currency: "USD",
      reason: "asked by the buyer",
      credits: 100,
      taken: 80,
      owed: 20,
    },
    [
      "Provider: PayPal",
      "Provider's refund ID: R-1",
      "Source: An admin",
      "Amount: $9.99",
      "Reason: asked by the buyer",
      "Credits: 100",
      "Credits taken back: 80",
      "Credits owed: 20",
    ],
  ],
  "payment.chargeback": [
    {
      provider: "creem",
      providerRefundId: "D-1",
      source: "provider",
      amountCents: 1999,
      currency: "EUR",
      credits: 200,
      taken: 200,
      owed: 0,
    },
    [
      "Provider: Creem",
      "Provider's refund ID: D-1",
      "Source: The payment provider",
      "Amount: €19.99",
      "Credits: 200",
      "Credits taken back: 200",
      "Credits owed: 0",
    ],
  ],
  "payment.dispute_opened": [
    { provider: "paypal", providerDisputeId: "PP-D-1", amountCents: 500, reason: "not received", frozenCredits: 50 },
    ["Provider: PayPal", "Provider's dispute ID: PP-D-1", "Amount: $5.00", "Reason: not received", "Credits held: 50"],
  ],
  "payment.dispute_resolved": [
    { provider: "paypal", providerDisputeId: "PP-D-1", outcome: "won", outcomeCode: "RESOLVED_SELLER_FAVOUR" },
    ["Provider: PayPal", "Provider's dispute ID: PP-D-1", "Outcome: Won", "Provider's outcome: RESOLVED_SELLER_FAVOUR"],
  ],
};

describe("audit details in words", () => {
  beforeAll(() => useLocale("en", "admin"));

  for (const [action, [details, lines]] of Object.entries(CASES)) {
    it(`words ${action}`, () => {
      expect(detailLines(details, action)).toEqual(lines);
    });
  }

  it("never shows JSON, nor a secret's value even if one were written", () => {
    const lines = detailLines({
      changes: [{ field: "smtpPassword", before: "old-secret", after: "new-secret" }],
      extra: { nested: { deep: [1, 2] } },
    });
    expect(lines).toEqual(["Mail server password: changed", "extra: nested: (deep: 1, 2)"]);
    expect(lines.join("\n")).not.toMatch(/[{}"]|secret/);
  });
});
