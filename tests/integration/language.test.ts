/** The language a person chose, remembered on their account (issue 24, decision 0055). */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema.js";
import { Client, createTestApp, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("PUT /api/user/language", () => {
  it("is unset at first, then remembered and shown to every session of the person at once", async () => {
    const { client, username, password } = await signUp(t.app);
    expect((await client.get("/api/auth/current-user")).json()).toMatchObject({ username, language: null });

    const other = new Client(t.app);
    expect((await other.post("/api/auth/login", { username, password })).json()).toMatchObject({
      user: { language: null },
    });
    // The other session has read (and cached) the user before the change.
    expect((await other.get("/api/auth/current-user")).json()).toMatchObject({ language: null });

    const res = await client.put("/api/user/language", { language: "vi" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Language saved", language: "vi" });
    expect((await client.get("/api/auth/current-user")).json()).toMatchObject({ language: "vi" });
    expect((await other.get("/api/auth/current-user")).json()).toMatchObject({ language: "vi" });
    // A new sign-in answers with it too.
    expect((await new Client(t.app).post("/api/auth/login", { username, password })).json()).toMatchObject({
      user: { language: "vi" },
    });

    expect((await client.put("/api/user/language", { language: "en" })).json()).toMatchObject({ language: "en" });
    const [row] = await t.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.username, username));
    expect(row!.language).toBe("en");
  });

  it("refuses languages it does not speak with a clear message, and needs a signed-in person", async () => {
    const { client } = await signUp(t.app);
    for (const language of ["fr", "EN", "", null, 1, "vi\u0000"]) {
      const res = await client.put("/api/user/language", { language });
      expect(res.statusCode, JSON.stringify(language)).toBe(400);
    }
    expect((await client.put("/api/user/language", { language: "de" })).json<{ message: string }>().message).toContain(
      "language must be one of: en, vi",
    );
    expect((await new Client(t.app).put("/api/user/language", { language: "vi" })).statusCode).toBe(401);
  });

  it("the database refuses any other value", async () => {
    const { username } = await signUp(t.app);
    await expect(
      t.database.db.update(users).set({ language: "fr" }).where(eq(users.username, username)),
    ).rejects.toThrow();
  });
});
