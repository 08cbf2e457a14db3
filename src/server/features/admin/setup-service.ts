/**
 * The admin overview's set-up checklist (issue 38, decision 0074): what a new install still lacks
 * before it can sell. Each step is one small function, computed on the server from what is
 * stored, and names the page where it is done.
 */
import { welcomeCredits } from "../welcome/welcome-grant.js";
import { and, asc, count, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Db } from "../../db/connect.js";
import { creditPackages, mailMessages, paymentOrders, users } from "../../db/schema.js";
import type { AdminSetup, MailProblem, SetupStep } from "../../../shared/schemas/admin-setup.js";
import { chooseMailServer } from "../mail/mail-server.js";
import { contactInForce } from "../contact/channels.js";
import { legalPagesReady } from "../legal/service.js";
import { creemSettings, paypalSettings } from "../payments/payment-settings.js";
import { showcaseCount } from "../showcase/service.js";
import { salesBelowCost } from "../packages/sales-check.js";
import { priceItemLabel } from "../../../shared/catalogue.js";
import { settingsHref } from "../../../shared/settings-sections.js";
import type { Settings } from "../settings/service.js";
import type { VideoVendors } from "../videos/video-vendors.js";
import { generationProblem, PROVIDER_SETTINGS_HREF } from "./generation-health.js";

export interface SetupDeps {
  db: Db;
  config: Config;
  readSettings(): Promise<Settings>;
  provider: Pick<VideoVendors, "isSimulated">;
}

type StepState = Omit<SetupStep, "id">;

/** Real videos: a KIE key is configured (keys are tried when saved), and videos are not failing now. */
async function providerStep(deps: SetupDeps, failing: boolean): Promise<StepState> {
  const href = PROVIDER_SETTINGS_HREF;
  if (await deps.provider.isSimulated()) return { done: false, note: "simulator", href };
  if (failing) return { done: false, note: "failing", href };
  return { done: true, note: null, href };
}

/** A payment method switched on with every key it needs, and paid through at least once (a test purchase counts). */
async function paymentStep(deps: SetupDeps, settings: Settings): Promise<StepState> {
  const enabled = [
    ...(creemSettings(settings, deps.config) ? ["creem"] : []),
    ...(paypalSettings(settings, deps.config) ? ["paypal"] : []),
  ];
  const href = settingsHref("paypal-title");
  // Switched on but missing a key: buyers cannot use it, and nothing else says so (issue 68).
  if (settings.creemEnabled && !enabled.includes("creem"))
    return { done: false, note: "creem_incomplete", href: settingsHref("creem-title") };
  if (settings.paypalEnabled && !enabled.includes("paypal")) return { done: false, note: "paypal_incomplete", href };
  if (enabled.length === 0) return { done: false, note: "not_enabled", href };
  const [paid] = await deps.db
    .select({ n: count() })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, "completed"), inArray(paymentOrders.provider, enabled)));
  return Number(paid?.n ?? 0) > 0 ? { done: true, note: null, href } : { done: false, note: "not_tested", href };
}

/**
 * What the owner needs to make a test purchase (issue 68): the cheapest package on sale, which
 * providers would charge real money, and how an admin's latest purchase went; null while no
 * payment method takes money.
 */
async function testPurchase(deps: SetupDeps, settings: Settings): Promise<AdminSetup["testPurchase"]> {
  const creem = creemSettings(settings, deps.config);
  const paypal = paypalSettings(settings, deps.config);
  if (!creem && !paypal) return null;
  // With Creem alone, only a package with its Creem product can be bought.
  const [cheapest] = await deps.db
    .select({ id: creditPackages.id })
    .from(creditPackages)
    .where(and(eq(creditPackages.isActive, true), paypal ? undefined : isNotNull(creditPackages.creemProductId)))
    .orderBy(asc(creditPackages.price))
    .limit(1);
  const [last] = await deps.db
    .select({
      provider: paymentOrders.provider,
      status: paymentOrders.status,
      credits: paymentOrders.credits,
      failureReason: paymentOrders.failureReason,
      at: paymentOrders.createdAt,
    })
    .from(paymentOrders)
    .innerJoin(users, eq(users.id, paymentOrders.userId))
    .where(eq(users.isAdmin, true))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(1);
  return {
    packageId: cheapest?.id ?? null,
    live: [
      ...(creem?.environment === "prod" ? ["creem" as const] : []),
      ...(paypal?.environment === "production" ? ["paypal" as const] : []),
    ],
    last: last ? { ...last, at: last.at.toISOString() } : null,
  };
}

/** At least one credit package on sale, and with Creem on, each with its Creem product. */
async function packagesStep(deps: SetupDeps, settings: Settings): Promise<StepState> {
  const href = settingsHref("packages-title");
  const onSale = await deps.db
    .select({ creemProductId: creditPackages.creemProductId })
    .from(creditPackages)
    .where(eq(creditPackages.isActive, true));
  if (onSale.length === 0) return { done: false, note: null, href };
  if (creemSettings(settings, deps.config) && onSale.some((p) => !p.creemProductId))
    return { done: false, note: "no_creem_product", href };
  return { done: true, note: null, href };
}

/** Nothing on sale sells below its vendor's cost at the cheapest credit a buyer can get (decision 0144). */
async function pricesStep(
  deps: SetupDeps,
  settings: Settings,
): Promise<{ step: StepState; belowCost: AdminSetup["belowCost"] }> {
  const { items, creditUsd } = await salesBelowCost(deps.db, settings);
  const href = settingsHref("pricing-title");
  if (items.length === 0) return { step: { done: true, note: null, href }, belowCost: null };
  return {
    step: { done: false, note: "below_cost", href },
    belowCost: {
      items: items.map((item) => ({ item, label: priceItemLabel(item) })),
      creditUsd,
      marginPercent: settings.priceMarginPercent,
    },
  };
}

/** At least one contact channel in force (the admin's, or a CONTACT_* default). */
function contactStep(deps: SetupDeps, settings: Settings): StepState {
  const channels = contactInForce(settings, deps.config.contact);
  return { done: Object.values(channels).some(Boolean), note: null, href: settingsHref("contact-title") };
}

const MAIL_SETTINGS_HREF = settingsHref("mail-title");
const DAY_MS = 24 * 60 * 60 * 1000;

/** Mail that failed in the last day: the overview says so even once the set-up is done (decision 0085). */
async function mailProblem(db: Db): Promise<MailProblem | null> {
  const failedSince = and(
    eq(mailMessages.status, "failed"),
    gte(mailMessages.createdAt, new Date(Date.now() - DAY_MS)),
  );
  const [failed] = await db.select({ n: count() }).from(mailMessages).where(failedSince);
  const n = Number(failed?.n ?? 0);
  if (n === 0) return null;
  const [last] = await db
    .select({ lastError: mailMessages.lastError })
    .from(mailMessages)
    .where(failedSince)
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  return { failed: n, lastError: last?.lastError ?? null, href: "/admin/mail?status=failed" };
}

/** A mail server set (the admin's or SMTP_URL) that has taken at least one message, and no failure in the last day. */
async function mailStep(deps: SetupDeps, settings: Settings, problem: MailProblem | null): Promise<StepState> {
  const href = MAIL_SETTINGS_HREF;
  const { server } = chooseMailServer(settings, {
    smtpUrl: deps.config.mail.smtpUrl,
    from: deps.config.mail.from,
    publicUrl: deps.config.publicUrl,
  });
  if (!server) return { done: false, note: "local_outbox", href };
  if (problem) return { done: false, note: "failing", href };
  const [sent] = await deps.db.select({ n: count() }).from(mailMessages).where(eq(mailMessages.status, "sent"));
  return Number(sent?.n ?? 0) > 0 ? { done: true, note: null, href } : { done: false, note: "not_tested", href };
}

/** Terms, Privacy and Refund policy: every page saved (or its starting text kept) in every language. */
async function legalStep(deps: SetupDeps): Promise<StepState> {
  return { done: await legalPagesReady(deps.db), note: null, href: settingsHref("legal-pages-title") };
}

/** At least one video chosen for the landing page's showcase and still shown there (decision 0081). */
async function showcaseStep(deps: SetupDeps): Promise<StepState> {
  return { done: (await showcaseCount(deps.db)) > 0, note: null, href: settingsHref("showcase-title") };
}

/**
 * The welcome grant (issue 70): what it gives and for how long, and whether anyone can get it: a
 * grant needs a verified address, so a mail server or Google sign-in.
 */
function welcomeStep(deps: SetupDeps, settings: Settings): StepState & { values: Record<string, number> } {
  const href = settingsHref("welcome-title");
  const values = { credits: welcomeCredits(settings), days: settings.welcomeGrantDays };
  if (!settings.welcomeGrantEnabled) return { done: true, note: "welcome_off", href, values };
  const { server } = chooseMailServer(settings, {
    smtpUrl: deps.config.mail.smtpUrl,
    from: deps.config.mail.from,
    publicUrl: deps.config.publicUrl,
  });
  const verifiable = Boolean(server) || settings.googleAuthEnabled;
  return { done: verifiable, note: verifiable ? null : "welcome_unverifiable", href, values };
}

export async function adminSetup(deps: SetupDeps): Promise<AdminSetup> {
  const [settings, problem, mailTrouble] = await Promise.all([
    deps.readSettings(),
    generationProblem(deps.db),
    mailProblem(deps.db),
  ]);
  const [provider, payment, packages, prices, mail, legal, showcase, test] = await Promise.all([
    providerStep(deps, problem !== null),
    paymentStep(deps, settings),
    packagesStep(deps, settings),
    pricesStep(deps, settings),
    mailStep(deps, settings, mailTrouble),
    legalStep(deps),
    showcaseStep(deps),
    testPurchase(deps, settings),
  ]);
  const steps: SetupStep[] = [
    { id: "provider", ...provider },
    { id: "payment", ...payment },
    { id: "packages", ...packages },
    { id: "prices", ...prices.step },
    { id: "contact", ...contactStep(deps, settings) },
    { id: "mail", ...mail },
    { id: "legal", ...legal },
    { id: "showcase", ...showcase },
    { id: "welcome", ...welcomeStep(deps, settings) },
  ];
  return {
    steps,
    allDone: steps.every((s) => s.done),
    belowCost: prices.belowCost,
    testPurchase: test,
    generationProblem: problem,
    mailProblem: mailTrouble,
  };
}
