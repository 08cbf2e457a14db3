/**
 * The welcome grant (issue 70, decision 0155): credits once a person's identity is verified (their
 * address confirmed by its link, or a Google sign-in with a verified address), as a lot that
 * expires, at most once per mailbox ever (a keyed hash that outlives a deleted account), never to a
 * throwaway domain, and at most N a day per client address and per network. Asked again it
 * answers what happened before; two asks at once take turns on their network's lock, and the
 * database's unique index keeps one grant per mailbox and per person whatever else races.
 */
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/connect.js";
import { transactions, users, welcomeGrants } from "../../db/schema.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { resolvePrices, webCost } from "../../../shared/prices.js";
import { creditsText } from "../../../shared/credits-text.js";
import { isThrowawayAddress } from "../sign-up-protection/email-domains.js";
import type { Settings } from "../settings/service.js";
import { mailboxHash, networkOf } from "./welcome-address.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export type WelcomeOutcome =
  | { kind: "granted"; credits: number; expiresAt: Date }
  | { kind: "off" | "throwaway" | "already" | "address_limit" | "network_limit" };

/** The grant's size: the admin's number, or what one Veo3 Fast video costs on the web now. */
export const welcomeCredits = (settings: Settings): number =>
  settings.welcomeGrantCredits ?? webCost(resolvePrices(settings.prices), "veo3_fast");

export interface WelcomeAsk {
  userId: string;
  /** The verified address. */
  email: string;
  /** The client address of the request that verified it. */
  clientAddress: string;
}

export async function grantWelcome(
  tx: Tx,
  box: SecretBox,
  settings: Settings,
  ask: WelcomeAsk,
): Promise<WelcomeOutcome> {
  if (!settings.welcomeGrantEnabled) return { kind: "off" };
  if (isThrowawayAddress(ask.email, settings)) return { kind: "throwaway" };
  const addressHash = mailboxHash(box.derive("welcome-grants"), ask.email);
  const network = networkOf(ask.clientAddress);
  // Grants from one network take turns, so its daily count is never read twice at once.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`welcome:${network}`}))`);
  const [before] = await tx
    .select({ id: welcomeGrants.id })
    .from(welcomeGrants)
    .where(
      and(
        eq(welcomeGrants.outcome, "granted"),
        sql`(${welcomeGrants.addressHash} = ${addressHash} or ${welcomeGrants.userId} = ${ask.userId})`,
      ),
    )
    .limit(1);
  if (before) return { kind: "already" };
  const since = new Date(Date.now() - DAY_MS);
  const grantedToday = async (
    column: typeof welcomeGrants.clientAddress | typeof welcomeGrants.network,
    value: string,
  ) => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(welcomeGrants)
      .where(and(eq(welcomeGrants.outcome, "granted"), eq(column, value), gte(welcomeGrants.createdAt, since)));
    return row?.n ?? 0;
  };
  const credits = welcomeCredits(settings);
  const refuse = async (outcome: "address_limit" | "network_limit"): Promise<WelcomeOutcome> => {
    await tx.insert(welcomeGrants).values({ ...row, outcome });
    return { kind: outcome };
  };
  const row = { addressHash, userId: ask.userId, clientAddress: ask.clientAddress, network, credits };
  if ((await grantedToday(welcomeGrants.clientAddress, ask.clientAddress)) >= settings.welcomeGrantsPerAddress)
    return refuse("address_limit");
  if ((await grantedToday(welcomeGrants.network, network)) >= settings.welcomeGrantsPerNetwork)
    return refuse("network_limit");
  const [granted] = await tx
    .insert(welcomeGrants)
    .values({ ...row, outcome: "granted" })
    .onConflictDoNothing()
    .returning({ id: welcomeGrants.id });
  if (!granted) return { kind: "already" };
  const [user] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${credits}` })
    .where(and(eq(users.id, ask.userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!user) throw new Error("welcome grant for an account that is gone");
  const expiresAt = new Date(Date.now() + settings.welcomeGrantDays * DAY_MS);
  await tx.insert(transactions).values({
    userId: ask.userId,
    type: "welcome",
    amount: credits,
    description: `Welcome credits: ${creditsText(credits)}`,
    expiresAt,
  });
  return { kind: "granted", credits, expiresAt };
}
