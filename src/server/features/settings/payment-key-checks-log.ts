/**
 * What was last tried of each payment provider's keys (decision 0145). A save that tried them
 * keeps the result in its own audit entry (`details.keyChecks`), written in the save's
 * transaction; the last settings change that touched what a provider uses tells whether that
 * result still stands: when it tried nothing (switched off, a key cleared or changed while off),
 * the keys in force were not tried.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/connect.js";
import { adminAuditLog } from "../../db/schema.js";
import {
  creemKeyCheckSchema,
  paypalKeyCheckSchema,
  type CreemKeyCheck,
  type PaymentKeyChecks,
  type PaypalKeyCheck,
} from "../../../shared/schemas/payment-key-checks.js";
import type { Settings } from "./service.js";

/** What a save tried, as its audit entry keeps it. */
export interface KeyChecks {
  creem?: CreemKeyCheck;
  paypal?: PaypalKeyCheck;
}

type Provider = keyof KeyChecks;

/** The settings whose change makes a provider's last check stale (what payment-keys-to-try.ts watches). */
const WATCHED: Record<Provider, readonly (keyof Settings)[]> = {
  creem: ["creemApiKey", "creemEnvironment", "creemEnabled"],
  paypal: ["paypalClientId", "paypalClientSecret", "paypalEnvironment", "paypalEnabled", "paypalWebhookId"],
};

const SCHEMAS = { creem: creemKeyCheckSchema, paypal: paypalKeyCheckSchema } as const;

const contains = (value: unknown) => sql`${adminAuditLog.details} @> ${JSON.stringify(value)}::jsonb`;

/** The check in force for `provider`, if the last save that tried or changed its keys tried them. */
async function lastCheck<P extends Provider>(db: Queryable, provider: P): Promise<KeyChecks[P] | undefined> {
  const [row] = await db
    .select({ details: adminAuditLog.details })
    .from(adminAuditLog)
    .where(
      and(
        // Any action on the settings row: only the general save changes these, under its own name or another.
        eq(adminAuditLog.targetType, "settings"),
        or(
          contains({ keyChecks: { [provider]: {} } }),
          ...WATCHED[provider].map((field) => contains({ changes: [{ field }] })),
        ),
      ),
    )
    .orderBy(desc(adminAuditLog.id))
    .limit(1);
  const kept = (row?.details as { keyChecks?: Record<string, unknown> } | undefined)?.keyChecks?.[provider];
  const parsed = SCHEMAS[provider].safeParse(kept);
  return parsed.success ? (parsed.data as KeyChecks[P]) : undefined;
}

/** Each provider: off (or missing a key), on but not tried since its keys changed, or what was tried and when. */
export async function paymentKeyChecks(db: Queryable, s: Settings): Promise<PaymentKeyChecks> {
  const [creem, paypal] = await Promise.all([lastCheck(db, "creem"), lastCheck(db, "paypal")]);
  return {
    creem:
      !s.creemEnabled || !s.creemApiKey
        ? { status: "off" }
        : creem && creem.environment === s.creemEnvironment
          ? { status: "checked", ...creem }
          : { status: "unchecked" },
    paypal:
      !s.paypalEnabled || !s.paypalClientId || !s.paypalClientSecret
        ? { status: "off" }
        : paypal && paypal.environment === s.paypalEnvironment
          ? { status: "checked", ...paypal }
          : { status: "unchecked" },
  };
}
