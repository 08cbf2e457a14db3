/**
 * A referral through Google sign-up (issue 70, decision 0157): a new person who followed a link and
 * signs up with Google (a verified address) becomes the referrer's referral and gets their bonus at
 * once, exactly once; an old account signing in with Google after following a link is nobody's.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { referrals, transactions, users } from "../../src/server/db/schema.js";
import { REFERRAL_COOKIE } from "../../src/server/features/referrals/referral-cookie.js";
import { startGoogleFake, type GoogleFake, type GoogleIdentity } from "../fakes/google-fake.mjs";
import { expectLedgerBalanced } from "../helpers/ledger.js";
import { createTestApp, signInAdmin, signUp, uniqueName, type Client, type TestApp } from "../helpers/test-app.js";

const CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
const CLIENT_SECRET = "GOCSPX-fake-google-client-secret";

let fake: GoogleFake;
let t: TestApp;
let n = 0;
const db = () => t.database.db;

beforeAll(async () => {
  fake = await startGoogleFake({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, autoApprove: true });
  t = await createTestApp({
    env: {
      GOOGLE_AUTH_URL: fake.urls.auth,
      GOOGLE_TOKEN_URL: fake.urls.token,
      GOOGLE_USERINFO_URL: fake.urls.userinfo,
      GOOGLE_JWKS_URL: fake.urls.jwks,
    },
  });
  const admin = await signInAdmin(t);
  const res = await admin.put("/api/admin/settings", {
    googleAuthEnabled: true,
    googleClientId: CLIENT_ID,
    googleClientSecret: CLIENT_SECRET,
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => expectLedgerBalanced(db()));

function identity(): GoogleIdentity {
  n += 1;
  return {
    sub: `2090000000000000${n}${Date.now() % 1000}`,
    email: `ref${n}.${uniqueName("g")}@gmail.com`,
    email_verified: true,
    name: "Referred Person",
  };
}

/** Signs in with Google from a browser carrying `referralCookie`; the user it lands on. */
async function googleSignIn(who: GoogleIdentity, referralCookie: string) {
  fake.setIdentity(who);
  const start = await t.app.inject({ method: "GET", url: "/api/auth/google/url" });
  const flow = start.cookies.find((c) => c.name === "google_oauth")!.value;
  const consent = await fetch(start.json<{ authUrl: string }>().authUrl, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  await t.app.liveEvents.settle();
  const res = await t.app.inject({
    method: "GET",
    url: back.pathname + back.search,
    headers: { cookie: `google_oauth=${flow}; ${REFERRAL_COOKIE}=${encodeURIComponent(referralCookie)}` },
  });
  expect(res.statusCode).toBe(302);
  expect(new URL(res.headers.location as string, "http://app").searchParams.get("auth")).toBe("success");
  return (await db().select().from(users).where(eq(users.googleId, who.sub)))[0]!;
}

async function referrerCode(client: Client): Promise<string> {
  const mine = await client.get("/api/referrals");
  expect(mine.statusCode, mine.body).toBe(200);
  return mine.json<{ code: string }>().code;
}

async function visit(code: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: `/r/${code}`, remoteAddress: "192.0.2.44" });
  return res.cookies.find((c) => c.name === REFERRAL_COOKIE)!.value;
}

const bonusOf = async (userId: string) =>
  db()
    .select({ amount: transactions.amount })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, "referral")));

describe("a Google sign-up through a referral link", () => {
  it("is the referrer's referral, verified with its bonus at once, once", async () => {
    const { client } = await signUp(t.app);
    const code = await referrerCode(client);
    const who = identity();
    const user = await googleSignIn(who, await visit(code));
    const [row] = await db().select().from(referrals).where(eq(referrals.refereeId, user.id));
    expect(row).toMatchObject({ status: "verified", bonusCredits: 100 });
    expect(await bonusOf(user.id)).toEqual([{ amount: 100 }]);
    // Signing in again with the same link's cookie changes nothing.
    await googleSignIn(who, await visit(code));
    expect(await bonusOf(user.id)).toEqual([{ amount: 100 }]);
  });

  it("does not make an old account anybody's referral", async () => {
    const { client } = await signUp(t.app);
    const code = await referrerCode(client);
    const who = identity();
    const existing = await googleSignIn(who, "not-a-sealed-visit");
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(users.id, existing.id));
    await googleSignIn(who, await visit(code));
    expect(await db().select().from(referrals).where(eq(referrals.refereeId, existing.id))).toEqual([]);
  });
});
