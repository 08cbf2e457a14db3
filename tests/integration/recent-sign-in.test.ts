/**
 * An account without a password (made by Google sign-in) proves it is them with a Google sign-in
 * of the last ten minutes (decisions 0087, 0088): before its first password, a new address, or
 * deleting the account. A session left open longer (borrowed, forgotten) can do none of them.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../src/server/db/schema.js";
import { NO_PASSWORD } from "../../src/server/features/auth/service.js";
import { createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in person whose account has no password, its session signed in `minutesAgo`. */
async function googleOnly(minutesAgo: number) {
  const { client, username } = await signUp(t.app);
  const [user] = await t.database.db
    .update(users)
    .set({ password: NO_PASSWORD })
    .where(eq(users.username, username))
    .returning();
  await t.database.db
    .update(sessions)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(eq(sessions.userId, user!.id));
  return { client, username, id: user!.id };
}

const firstPassword = { currentPassword: "", newPassword: "a-first-password", revokeApiTokens: false };

describe("a Google sign-in of the last minutes", () => {
  it("is asked for before a first password, a new address and deleting, when the sign-in is older", async () => {
    const p = await googleOnly(11);
    for (const res of [
      await p.client.put("/api/user/change-password", firstPassword),
      await p.client.post("/api/user/email", { email: "new.address@people.example", currentPassword: "" }),
      await p.client.post("/api/user/delete", { confirm: p.username }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ reason: "google_recheck_needed", params: { minutes: 10 } });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    expect(row).toMatchObject({ password: NO_PASSWORD, email: null, deletedAt: null });
  });

  it("is enough for each of them while the sign-in is fresh", async () => {
    const p = await googleOnly(2);
    const email = await p.client.post("/api/user/email", {
      email: "fresh.address@people.example",
      currentPassword: "",
    });
    expect(email.statusCode, email.body).toBe(202);
    const set = await p.client.put("/api/user/change-password", firstPassword);
    expect(set.statusCode, set.body).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, p.id));
    expect(row!.password).not.toBe(NO_PASSWORD);
  });
});
