/**
 * The single admin_settings row. Secret fields are stored encrypted and leave the server only
 * masked; later features read the decrypted values through readSettings().
 */
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { adminSettings } from "../../db/schema.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { isMaskedSecret, maskSecret } from "../../../shared/mask.js";
import { SECRET_SETTING_FIELDS, type AdminSettingsView, type SettingsUpdate } from "../../../shared/schemas/settings.js";

type Row = typeof adminSettings.$inferSelect;
/** The settings with secrets in plain text: server-side use only. */
export type Settings = Row;

const SETTINGS_ID = 1;

export async function ensureSettingsRow(db: Queryable): Promise<void> {
  await db.insert(adminSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
}

export async function readSettings(db: Queryable, box: SecretBox): Promise<Settings> {
  let [row] = await db.select().from(adminSettings).where(eq(adminSettings.id, SETTINGS_ID));
  if (!row) {
    await ensureSettingsRow(db);
    [row] = await db.select().from(adminSettings).where(eq(adminSettings.id, SETTINGS_ID));
  }
  const settings = { ...row! };
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

export function toAdminView(s: Settings): AdminSettingsView {
  return {
    ...s,
    paypalEnvironment: s.paypalEnvironment as AdminSettingsView["paypalEnvironment"],
    creemEnvironment: s.creemEnvironment as AdminSettingsView["creemEnvironment"],
    kieToken: maskSecret(s.kieToken),
    paypalClientSecret: maskSecret(s.paypalClientSecret),
    creemApiKey: maskSecret(s.creemApiKey),
    creemWebhookSecret: maskSecret(s.creemWebhookSecret),
    googleClientSecret: maskSecret(s.googleClientSecret),
    telegramBotToken: maskSecret(s.telegramBotToken),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** Applies a validated subset. Blank or masked secrets keep what is stored; null clears. */
export async function updateSettings(db: Queryable, box: SecretBox, patch: Partial<SettingsUpdate>): Promise<void> {
  const values: Partial<Row> = {};
  for (const [key, value] of Object.entries(patch) as [keyof SettingsUpdate, unknown][]) {
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
  await ensureSettingsRow(db);
  await db
    .update(adminSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(adminSettings.id, SETTINGS_ID));
}
