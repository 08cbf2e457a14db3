/**
 * The names of what the audit log records (decision 0052), in the owner's words: the settings'
 * fields as their cards call them, the other tabs' fields, and the facts an entry keeps. A name
 * this page does not know is spelt out from its code ("chatId" -> "chat id").
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import { MODEL_CATALOGUE, PRICE_ITEMS } from "../../../../shared/catalogue";
import { i18n } from "@/lib/i18n";
import { priceItemText } from "@/lib/catalogue-text";

const FIELD_LABELS: Partial<Record<string, MessageDescriptor>> = {
  // Settings (admin_settings), as /admin/settings and its cards name them.
  kieToken: msg`KIE API token`,
  kieWebhookHmacKey: msg`KIE webhook HMAC key`,
  kieSurface: msg`KIE API for new videos`,
  paypalClientId: msg`PayPal client ID`,
  paypalClientSecret: msg`PayPal client secret`,
  paypalEnvironment: msg`PayPal environment`,
  paypalEnabled: msg`PayPal payments`,
  paypalWebhookId: msg`PayPal webhook ID`,
  creemApiKey: msg`Creem API key`,
  creemEnvironment: msg`Creem environment`,
  creemWebhookSecret: msg`Creem webhook secret`,
  creemEnabled: msg`Creem payments`,
  googleClientId: msg`Google client ID`,
  googleClientSecret: msg`Google client secret`,
  googleRedirectUri: msg`Redirect URI`,
  googleAuthEnabled: msg`Google sign-in`,
  disabledModels: msg`Models turned off`,
  exploreMode: msg`Explore`,
  vendorOrder: msg`Vendor order`,
  pauseDegradedModels: msg`Pause failing models`,
  degradedModels: msg`Models paused as failing`,
  kieCreditUsd: msg`Dollars per KIE credit`,
  priceMarginPercent: msg`Price margin`,
  telegramBotToken: msg`Bot token`,
  telegramChatId: msg`Chat ID`,
  videoRetentionDays: msg`Days to keep videos`,
  contactZaloPhone: msg`Zalo phone`,
  contactZaloGroupUrl: msg`Zalo group link`,
  contactTelegram: msg`Telegram username`,
  contactEmail: msg`Support e-mail`,
  creditValueUsd: msg`Value of a credit`,
  smtpHost: msg`Mail server (SMTP host)`,
  smtpPort: msg`Port`,
  smtpSecurity: msg`Security`,
  smtpUser: msg`Mail server user`,
  smtpPassword: msg`Mail server password`,
  mailFrom: msg`From`,
  sellerName: msg`Seller name on receipts`,
  sellerAddress: msg`Seller address on receipts`,
  moderationCreemEnabled: msg`Screen prompts with Creem's moderation`,
  moderationFlagAction: msg`When Creem flags a prompt`,
  moderationUnreachableAction: msg`When screening cannot be reached`,
  moderationRules: msg`Screening rules`,
  moderationRefusalsFlag: msg`Refusals in 24 hours before a person is flagged`,
  turnstileSiteKey: msg`Turnstile site key`,
  turnstileSecret: msg`Turnstile secret key`,
  promptHelpMode: msg`Prompt help`,
  promptHelpBaseUrl: msg`Prompt help endpoint`,
  promptHelpModel: msg`Prompt help model`,
  promptHelpApiKey: msg`Prompt help API key`,
  emailDomainsAllowed: msg`Mail domains always allowed`,
  emailDomainsBlocked: msg`Mail domains always refused`,
  requireAdminSecondFactor: msg`Second factor for every admin`,
  maxVideosInFlight: msg`Videos at once`,
  firstFrameEnabled: msg`First frame from text`,
  firstFrameModel: msg`First frame image model`,
  // Packages, provider accounts, users.
  name: msg`Name`,
  credits: msg`Credits`,
  price: msg`Price (USD)`,
  creemProductId: msg`Creem product ID`,
  // Plans (issue 69).
  monthlyPrice: msg`Monthly price (USD)`,
  yearlyPrice: msg`Yearly price (USD)`,
  creditsPerMonth: msg`Credits per month`,
  yearlyGrant: msg`Yearly credits`,
  rolloverCap: msg`Rollover cap`,
  perks: msg`Perks`,
  creemProductMonthly: msg`Creem product ID (monthly)`,
  creemProductYearly: msg`Creem product ID (yearly)`,
  isActive: msg`Active`,
  popular: msg`Most Popular`,
  description: msg`Description`,
  bonus: msg`Bonus note`,
  bonusCredits: msg`Bonus credits`,
  deactivated: msg`Kept as inactive (it was bought before)`,
  vendor: msg`Vendor`,
  totalCredits: msg`Total credits`,
  modelCosts: msg`Cost per video`,
  isEnabled: msg`Enabled`,
  status: msg`Status`,
  token: msg`API token`,
  // A model's id at a vendor (issue 74, decision 0174).
  vendorModelId: msg`Model id`,
  state: msg`State`,
  // Explore's moderation (decision 0164).
  exploreStatus: msg`In Explore`,
  featured: msg`Featured`,
  resolvedReports: msg`Reports dealt with`,
  // What an entry keeps about the act.
  reason: msg`Reason`,
  amount: msg`Amount`,
  change: msg`Change`,
  method: msg`Method`,
  kind: msg`Link`,
  from: msg`From`,
  to: msg`To`,
  chatId: msg`Chat ID`,
  required: msg`Second factor for every admin`,
  sessions: msg`Sessions ended`,
  tokenId: msg`Token ID`,
  totp: msg`Authenticator app removed`,
  passkeys: msg`Passkeys removed`,
  part: msg`Part`,
  filters: msg`Filters`,
  provider: msg`Provider`,
  providerRefundId: msg`Provider's refund ID`,
  providerDisputeId: msg`Provider's dispute ID`,
  source: msg`Source`,
  amountCents: msg`Amount`,
  currency: msg`Currency`,
  taken: msg`Credits taken back`,
  owed: msg`Credits owed`,
  frozenCredits: msg`Credits held`,
  outcome: msg`Outcome`,
  outcomeCode: msg`Provider's outcome`,
  screener: msg`Screener`,
  decision: msg`Decision`,
  checked: msg`Checked`,
  recovered: msg`Recovered`,
  chargedAgain: msg`Refunds taken back`,
  refundsKept: msg`Refunds kept`,
  stillFailed: msg`Still failed`,
  unchecked: msg`Not checked`,
  deleted: msg`Deleted`,
  page: msg`Page`,
  locale: msg`Language`,
  wasStartingText: msg`Replaced the starting text`,
  characters: msg`Length in characters`,
  videos: msg`Videos`,
  proof: msg`Confirmed with`,
  googleSignInSecondsAgo: msg`Google sign-in, seconds before`,
  forfeitedCredits: msg`Credits given up`,
  creditsOwed: msg`Credits owed`,
  uploads: msg`Uploads`,
  apiTokens: msg`API tokens`,
  webhookEndpoints: msg`Webhook endpoints`,
  goodbyeMail: msg`Goodbye e-mail`,
  usernameHeldUntil: msg`Username held until`,
  keyChecks: msg`Payment keys tried`,
  creem: msg`Creem`,
  paypal: msg`PayPal`,
  environment: msg`Environment`,
  checkedAt: msg`Tried at`,
  webhook: msg`Webhook`,
  webhookUrl: msg`Webhook URL`,
  marginPercent: msg`Price margin`,
  creditUsd: msg`Value of a credit`,
  user: msg`User`,
  type: msg`Type`,
  q: msg`Search`,
  role: msg`Role`,
  // Codes (issue 70, decision 0156).
  codeKind: msg`Kind of code`,
  label: msg`Label`,
  creditDays: msg`Days the credits last`,
  percentOff: msg`Percent off`,
  amountOffCents: msg`Amount off`,
  packageIds: msg`Packages`,
  planIds: msg`Plans`,
  maxUses: msg`Uses allowed`,
  oncePerPerson: msg`Once per person`,
  firstPurchaseOnly: msg`First purchase only`,
  validFrom: msg`Valid from`,
  validUntil: msg`Valid until`,
  disabled: msg`Turned off`,
  batchId: msg`Batch`,
  count: msg`How many`,
  via: msg`Through`,
  redemptionId: msg`Redemption ID`,
  orderId: msg`Order ID`,
  discountCents: msg`Discount`,
  paidCents: msg`Paid`,
};

/** "Veo3 Fast: web price", "4K upgrade: API price": a price in the settings (`prices.<item>.web|api`). */
function priceFieldName(field: string): string | undefined {
  const match = /^prices\.(.+)\.(web|api)$/.exec(field);
  if (!match || !PRICE_ITEMS.includes(match[1]!)) return undefined;
  const item = priceItemText(match[1]!);
  return match[2] === "web" ? t`${item}: web price` : t`${item}: API price`;
}

/** "veo3FastCredits" -> "veo3 fast credits", "chat_id" -> "chat id". */
function spelledOut(name: string): string {
  return name
    .replace(/[_.-]+/g, " ")
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
}

/** A field's name in the active language: the owner's word for it, a price or a model by its name, else spelt out. */
export function fieldName(field: string): string {
  const label = FIELD_LABELS[field];
  if (label) return i18n._(label);
  if (field in MODEL_CATALOGUE) return MODEL_CATALOGUE[field as keyof typeof MODEL_CATALOGUE].label;
  return priceFieldName(field) ?? spelledOut(field);
}
