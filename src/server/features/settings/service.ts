/**
 * The single admin_settings row. Secret fields are stored encrypted and leave the server only
 * masked; later features read the decrypted values through readSettingsFromDatabase().
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/connect.js";
import { adminSettings } from "../../db/schema.js";
import type { SecretBox } from "../../lib/secret-box.js";
import type { ContactConfig } from "../../config.js";
import { isMaskedSecret, maskSecret } from "../../../shared/mask.js";
import {
  SECRET_SETTING_FIELDS,
  type AdminSettingsView,
  type SettingsUpdate,
} from "../../../shared/schemas/settings.js";
import { MODELS, PRICE_ITEMS, VENDORS, type ModelId, type PriceItem, type Vendor } from "../../../shared/catalogue.js";
import { readVendorModelTable, unmappedModels } from "../vendor-models/mappings.js";
import { priceOf, resolvePrices, type StoredPrices } from "../../../shared/prices.js";
import { fieldChanges, recordAudit, type AuditActor } from "../audit/audit-log.js";
import { refuseNewLosses } from "./price-guard.js";

type Row = typeof adminSettings.$inferSelect;
/** The settings with secrets in plain text: server-side use only. */
export type Settings = Row & {
  /** Models no vendor may make now (decision 0173): every mapping deactivated or gone. Hidden and refused. */
  unmappedModels?: readonly ModelId[];
};

const SETTINGS_ID = 1;

export async function ensureSettingsRow(db: Queryable): Promise<void> {
  await db.insert(adminSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
}

/**
 * The settings as stored now, secrets decrypted: one query each call. Request paths read them
 * through the settings cache instead (the `readSettings()` every feature gets, services.ts).
 */
export async function readSettingsFromDatabase(db: Queryable, box: SecretBox): Promise<Settings> {
  let [row] = await db.select().from(adminSettings).where(eq(adminSettings.id, SETTINGS_ID));
  if (!row) {
    await ensureSettingsRow(db);
    [row] = await db.select().from(adminSettings).where(eq(adminSettings.id, SETTINGS_ID));
  }
  const settings: Settings = { ...row!, unmappedModels: unmappedModels(await readVendorModelTable(db)) };
  for (const field of SECRET_SETTING_FIELDS) {
    const sealed = settings[field];
    settings[field] = sealed ? openSecret(box, sealed) : null;
  }
  return settings;
}

/** A secret sealed with another key (SECRETS_KEY changed) reads as unset rather than failing. */
function openSecret(box: SecretBox, sealed: string): string | null {
  try {
    return box.decrypt(sealed);
  } catch {
    return null;
  }
}

const twoDecimals = (n: number) => n.toFixed(2);

/** `contactDefaults`: the CONTACT_* variables, shown beside the admin's own channels. */
export function toAdminView(s: Settings, contactDefaults: ContactConfig): AdminSettingsView {
  const { prices: stored, ...rest } = s;
  const prices = resolvePrices(stored);
  return {
    ...rest,
    // The four fields old clients read, from the price table.
    veo3Credits: priceOf(prices, "veo3").web,
    veo3FastCredits: priceOf(prices, "veo3_fast").web,
    veo3ApiPrice: twoDecimals(priceOf(prices, "veo3").api),
    veo3FastApiPrice: twoDecimals(priceOf(prices, "veo3_fast").api),
    prices: Object.fromEntries(
      PRICE_ITEMS.map((item) => [
        item,
        { webCredits: priceOf(prices, item).web, apiPrice: twoDecimals(priceOf(prices, item).api) },
      ]),
    ),
    paypalEnvironment: s.paypalEnvironment as AdminSettingsView["paypalEnvironment"],
    kieSurface: s.kieSurface as AdminSettingsView["kieSurface"],
    // A model no longer in the catalogue is not shown (nor offered).
    disabledModels: MODELS.filter((m) => s.disabledModels.includes(m)),
    // Only models the catalogue still has, and vendors it knows.
    vendorOrder: Object.fromEntries(
      Object.entries(s.vendorOrder)
        .filter(([model]) => (MODELS as readonly string[]).includes(model))
        .map(([model, vendors]) => [
          model,
          (vendors ?? []).filter((v): v is Vendor => (VENDORS as readonly string[]).includes(v)),
        ]),
    ),
    creemEnvironment: s.creemEnvironment as AdminSettingsView["creemEnvironment"],
    kieToken: maskSecret(s.kieToken),
    kieWebhookHmacKey: maskSecret(s.kieWebhookHmacKey),
    paypalClientSecret: maskSecret(s.paypalClientSecret),
    creemApiKey: maskSecret(s.creemApiKey),
    creemWebhookSecret: maskSecret(s.creemWebhookSecret),
    googleClientSecret: maskSecret(s.googleClientSecret),
    telegramBotToken: maskSecret(s.telegramBotToken),
    smtpSecurity: s.smtpSecurity as AdminSettingsView["smtpSecurity"],
    smtpPassword: maskSecret(s.smtpPassword),
    turnstileSecret: maskSecret(s.turnstileSecret),
    promptHelpMode: s.promptHelpMode as AdminSettingsView["promptHelpMode"],
    exploreMode: s.exploreMode as AdminSettingsView["exploreMode"],
    promptHelpApiKey: maskSecret(s.promptHelpApiKey),
    contactDefaults: {
      zaloPhone: contactDefaults.zaloPhone ?? null,
      zaloGroupUrl: contactDefaults.zaloGroupUrl ?? null,
      telegram: contactDefaults.telegram ?? null,
      email: contactDefaults.email ?? null,
    },
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** A change of the settings: any of the general form's fields, or the columns a card of its own sets (each has its route). */
type SettingsPatch = Partial<SettingsUpdate> & Partial<Omit<Settings, keyof SettingsUpdate | "id" | "updatedAt">>;

/** Applies a validated subset. Blank or masked secrets keep what is stored; null clears. */
export async function updateSettings(db: Queryable, box: SecretBox, patch: SettingsPatch): Promise<void> {
  const {
    veo3Credits,
    veo3FastCredits,
    veo3ApiPrice,
    veo3FastApiPrice,
    prices: pricePatch,
    confirmBelowCost: _confirmed,
    ...fields
  } = patch;
  const values: Partial<Row> = {};
  for (const [key, value] of Object.entries(fields) as [keyof SettingsPatch, unknown][]) {
    if (value === undefined) continue;
    if ((SECRET_SETTING_FIELDS as readonly string[]).includes(key)) {
      const secret = value as string | null;
      if (secret === null) (values as Record<string, unknown>)[key] = null;
      else if (secret.trim() !== "" && !isMaskedSecret(secret)) {
        (values as Record<string, unknown>)[key] = box.encrypt(secret.trim());
      }
    } else {
      (values as Record<string, unknown>)[key] = value;
    }
  }
  // The old fields are two models' prices; `prices` names any item. Merged into the stored table in
  // one statement, so two admins changing different prices at once both keep their change.
  const changes: StoredPrices = {};
  const change = (item: PriceItem, web: number | undefined, api: string | undefined) => {
    if (web === undefined && api === undefined) return;
    changes[item] = {
      ...changes[item],
      ...(web === undefined ? {} : { web }),
      ...(api === undefined ? {} : { api: Number(api) }),
    };
  };
  change("veo3", veo3Credits, veo3ApiPrice);
  change("veo3_fast", veo3FastCredits, veo3FastApiPrice);
  for (const item of PRICE_ITEMS) change(item, pricePatch?.[item]?.webCredits, pricePatch?.[item]?.apiPrice);
  await ensureSettingsRow(db);
  await db
    .update(adminSettings)
    .set({
      ...values,
      ...(Object.keys(changes).length > 0 ? { prices: sql`${adminSettings.prices} || ${mergedPrices(changes)}` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(adminSettings.id, SETTINGS_ID));
}

/** Settings as flat fields for the audit log: each price is its own field (`priceOf(prices, "veo3").web`). */
function flatSettings(s: Settings): Record<string, unknown> {
  const { prices, updatedAt: _updatedAt, id: _id, ...rest } = s;
  const flat: Record<string, unknown> = { ...rest };
  for (const [item, price] of Object.entries(resolvePrices(prices))) {
    flat[`prices.${item}.web`] = price.web;
    flat[`prices.${item}.api`] = price.api;
  }
  return flat;
}

/**
 * Applies the change and records it in the audit log, in one transaction (decision 0052): the
 * fields that changed with their values before and after; secrets by name only. `details` adds to
 * the entry (the payment keys tried before the save, decision 0145). A save that starts selling
 * something below cost is refused unless it says `confirmBelowCost` (price-guard.ts).
 */
export async function updateSettingsAudited(
  db: Db,
  box: SecretBox,
  patch: SettingsPatch,
  actor: AuditActor,
  action:
    | "settings.update"
    | "prices.at_margin"
    | "telegram.update"
    | "mail.update"
    | "sign_ups.update"
    | "moderation.update",
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureSettingsRow(tx);
    await tx
      .select({ id: adminSettings.id })
      .from(adminSettings)
      .where(eq(adminSettings.id, SETTINGS_ID))
      .for("update");
    const was = await readSettingsFromDatabase(tx, box);
    await updateSettings(tx, box, patch);
    const now = await readSettingsFromDatabase(tx, box);
    await refuseNewLosses(tx, was, now, patch.confirmBelowCost === true);
    const changes = fieldChanges(flatSettings(was), flatSettings(now), new Set<string>(SECRET_SETTING_FIELDS));
    await recordAudit(tx, actor, { action, targetType: "settings", details: { changes, ...details } });
  });
}

/** Each changed item merged into its stored entry (jsonb `||` alone would replace the entry whole). */
function mergedPrices(changes: StoredPrices) {
  const parts = Object.entries(changes).map(
    ([item, price]) =>
      sql`jsonb_build_object(${item}::text, coalesce(${adminSettings.prices} -> ${item}::text, '{}'::jsonb) || ${JSON.stringify(price)}::jsonb)`,
  );
  return sql.join(parts, sql` || `);
}
