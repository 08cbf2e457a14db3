/**
 * The audit log's entries for codes (decision 0156): an admin's creation and changes are written
 * by the admin routes; each redemption here, with the person who redeemed as the actor (their
 * own action, like an account's deletion), in the redemption's transaction.
 */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import type { promoCodeRedemptions } from "../../db/schema.js";
import { promoCodes, users } from "../../db/schema.js";
import { recordAudit } from "../audit/audit-log.js";
import { displayCode } from "./code-format.js";

type Redemption = typeof promoCodeRedemptions.$inferSelect;

export async function auditRedemption(tx: Tx, redemption: Redemption, ip: string | null = null): Promise<void> {
  const [row] = await tx
    .select({ code: promoCodes.code, kind: promoCodes.kind, username: users.username })
    .from(promoCodes)
    .innerJoin(users, eq(users.id, redemption.userId))
    .where(eq(promoCodes.id, redemption.codeId));
  if (!row) return;
  await recordAudit(
    tx,
    { adminId: redemption.userId, adminUsername: row.username, ip },
    {
      action: "code.redeem",
      targetType: "promo_code",
      targetId: redemption.codeId,
      targetLabel: displayCode(row.code),
      details: {
        redemptionId: redemption.id,
        codeKind: row.kind,
        status: redemption.status,
        via: redemption.via,
        ...(row.kind === "grant"
          ? { credits: redemption.credits }
          : { orderId: redemption.orderId, discountCents: redemption.discountCents, paidCents: redemption.paidCents }),
      },
    },
  );
}
