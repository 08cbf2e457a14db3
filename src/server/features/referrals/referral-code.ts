/**
 * A person's referral code (decision 0157): eight characters from an alphabet without the ones
 * people confuse (0/O, 1/I/L, U/V), made the first time it is asked for by one conditional update,
 * so two first asks at once end with one code. Read in any letter case.
 */
import { and, eq, isNull } from "drizzle-orm";
import { isUniqueViolation, type Queryable } from "../../db/connect.js";
import { users } from "../../db/schema.js";
import { randomCode } from "../../lib/tokens.js";

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
const LENGTH = 8;

const newReferralCode = () => randomCode(ALPHABET, LENGTH);

/** A code as typed or linked, in the stored form; undefined when it cannot be one. */
export function normalisedCode(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : undefined;
}

/** The person's code, made now when they have none (one code however many ask at once). */
export async function ensureReferralCode(db: Queryable, userId: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
    if (!row) throw new Error("referral code for an unknown user");
    if (row.code) return row.code;
    try {
      const [made] = await db
        .update(users)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(users.id, userId), isNull(users.referralCode)))
        .returning({ code: users.referralCode });
      if (made?.code) return made.code;
    } catch (err) {
      // Another person's code already (29^8 codes: rare); try another.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("could not make a referral code");
}
