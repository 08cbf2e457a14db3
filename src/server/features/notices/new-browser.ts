/**
 * The new-browser notice (decision 0086). Every browser that signs in gets a long-lived random
 * `browser` cookie; its SHA-256 is remembered per person (known_browsers). A sign-in from a browser
 * the person has not used before writes the new_sign_in notice, except the person's very first
 * sign-in: a new account has no browser to compare with.
 */
import { and, desc, eq, ne, notInArray } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/connect.js";
import { knownBrowsers, users } from "../../db/schema.js";
import { pageLocale } from "../../http/page-documents.js";
import { randomToken, sha256Hex } from "../../lib/tokens.js";
import { browserAndSystem } from "../../../shared/user-agent.js";
import type { Mailer } from "../mail/outbox.js";

const BROWSER_COOKIE = "browser";
const BROWSER_COOKIE_SECONDS = 2 * 365 * 24 * 3600;
/** What randomToken() makes: anything else in the cookie is replaced, not stored. */
const BROWSER_VALUE = /^[\w-]{43}$/;
/** The browsers remembered per person, the most recently seen: a person who clears cookies daily stays bounded. */
const KEPT_PER_PERSON = 50;
/**
 * Where the notice's "Reset my password" button goes: the page that asks for a reset link
 * (decision 0088). A person whose password someone changed cannot use My Account's form.
 */
const PASSWORD_HELP_PATH = "/forgot-password";

/** "Firefox, Linux": product names, the same in every language; null when the User-Agent names none. */
function browserName(userAgent: string | undefined): string | null {
  const { browser, system } = browserAndSystem(userAgent);
  return [browser, system].filter(Boolean).join(", ") || null;
}

/**
 * Called once a sign-in has succeeded (password or Google): sets or renews this browser's cookie,
 * remembers it for the person, and writes the notice when it is new to them.
 */
export async function noteSignIn(
  deps: { db: Db; mailer: Mailer; secureCookies: boolean },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const given = request.cookies[BROWSER_COOKIE];
  const value = given && BROWSER_VALUE.test(given) ? given : randomToken();
  reply.setCookie(BROWSER_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: deps.secureCookies,
    maxAge: BROWSER_COOKIE_SECONDS,
  });
  const browserHash = sha256Hex(value);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    // One sign-in of a person at a time decides what is new to them.
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return;
    const mine = eq(knownBrowsers.userId, userId);
    const seen = await tx
      .update(knownBrowsers)
      .set({ lastSeenAt: now })
      .where(and(mine, eq(knownBrowsers.browserHash, browserHash)))
      .returning({ userId: knownBrowsers.userId });
    if (seen.length > 0) return;
    const [other] = await tx
      .select({ userId: knownBrowsers.userId })
      .from(knownBrowsers)
      .where(and(mine, ne(knownBrowsers.browserHash, browserHash)))
      .limit(1);
    await tx.insert(knownBrowsers).values({ userId, browserHash, lastSeenAt: now });
    const kept = tx
      .select({ hash: knownBrowsers.browserHash })
      .from(knownBrowsers)
      .where(mine)
      .orderBy(desc(knownBrowsers.lastSeenAt))
      .limit(KEPT_PER_PERSON);
    await tx.delete(knownBrowsers).where(and(mine, notInArray(knownBrowsers.browserHash, kept)));
    if (!other) return;
    await deps.mailer.toUser(
      tx,
      userId,
      {
        kind: "new_sign_in",
        username: user.username,
        when: now,
        browser: browserName(request.headers["user-agent"]),
        ip: request.ip,
        resetLink: `${deps.mailer.publicUrl}${PASSWORD_HELP_PATH}`,
      },
      { locale: pageLocale(request) },
    );
  });
}
