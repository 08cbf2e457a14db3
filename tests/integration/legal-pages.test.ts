/**
 * The legal pages (issue 38, decision 0079): everyone reads a page in either language, the admin
 * alone writes it, a page nobody saved shows its starting text, texts over the limit get a 413
 * with its reason, and hostile Markdown is stored and served as the text it is.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, legalTexts } from "../../src/server/db/schema.js";
import { legalPagesReady } from "../../src/server/features/legal/service.js";
import { LEGAL_PAGES, MAX_LEGAL_TEXT_LENGTH } from "../../src/shared/legal-pages.js";
import { LOCALES } from "../../src/shared/i18n.js";
import { Client, createTestApp, signInAdmin, signUp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let admin: Client;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ env: { CONTACT_EMAIL: "help@example.com" } });
  admin = await signInAdmin(t);
});
afterAll(() => t?.close());

const read = (page: string, locale: string) => new Client(t.app).get(`/api/legal/${page}/${locale}`);

describe("the legal pages before the admin saved them", () => {
  it("serve every page in both languages as the starting text, naming the site and its contact", async () => {
    for (const page of LEGAL_PAGES) {
      for (const locale of LOCALES) {
        const res = await read(page, locale);
        expect(res.statusCode, `${page} ${locale}`).toBe(200);
        expect(res.headers["cache-control"]).toBe("no-cache");
        const body = res.json();
        expect(body).toMatchObject({ page, locale, startingText: true, updatedAt: null });
        expect(body.markdown).toContain("[help@example.com](mailto:help@example.com)");
        expect(body.markdown).toContain("(/contact)");
        expect(body.markdown).not.toContain("{{");
      }
    }
    expect((await read("terms", "en")).json().markdown).toContain("Veo Studio is a small online business");
    expect((await read("terms", "vi")).json().markdown).toContain("Veo Studio là một doanh nghiệp nhỏ");
    expect((await read("refunds", "en")).json().markdown).toContain("returned to your balance automatically");
    expect((await read("privacy", "vi")).json().markdown).toContain("Creem");
  });

  it("name the contact e-mail the admin set in place of CONTACT_EMAIL, and the default again once it is cleared", async () => {
    expect((await admin.put("/api/admin/settings", { contactEmail: "owner@example.org" })).statusCode).toBe(200);
    try {
      const markdown = (await read("privacy", "en")).json().markdown as string;
      expect(markdown).toContain("[owner@example.org](mailto:owner@example.org)");
      expect(markdown).not.toContain("help@example.com");
    } finally {
      expect((await admin.put("/api/admin/settings", { contactEmail: "" })).statusCode).toBe(200);
    }
    expect((await read("privacy", "en")).json().markdown).toContain("[help@example.com](mailto:help@example.com)");
  });

  it("refuse a page or language that does not exist", async () => {
    expect((await read("cookies", "en")).statusCode).toBe(400);
    expect((await read("terms", "fr")).statusCode).toBe(400);
  });

  it("are not ready for the owner's checklist", async () => {
    expect(await legalPagesReady(db())).toBe(false);
  });
});

describe("the admin's texts", () => {
  it("only an admin lists and saves them", async () => {
    const anonymous = new Client(t.app);
    expect((await anonymous.get("/api/admin/legal")).statusCode).toBe(401);
    expect((await anonymous.put("/api/admin/legal/terms/en", { markdown: "x" })).statusCode).toBe(401);
    const { client: user } = await signUp(t.app);
    expect((await user.get("/api/admin/legal")).statusCode).toBe(403);
    expect((await user.put("/api/admin/legal/terms/en", { markdown: "Mine now" })).statusCode).toBe(403);
    expect(await db().select().from(legalTexts)).toEqual([]);
  });

  it("lists every page in both languages with its starting text and the limit", async () => {
    const res = await admin.get("/api/admin/legal");
    expect(res.statusCode).toBe(200);
    const { maxLength, texts } = res.json();
    expect(maxLength).toBe(MAX_LEGAL_TEXT_LENGTH);
    expect(texts.map((x: { page: string; locale: string }) => `${x.page}.${x.locale}`)).toEqual([
      "terms.en",
      "terms.vi",
      "privacy.en",
      "privacy.vi",
      "refunds.en",
      "refunds.vi",
    ]);
    for (const text of texts) {
      expect(text.startingText).toBe(true);
      expect(text.markdown).toBe(text.startingMarkdown);
    }
  });

  it("saves a page in one language; the other language keeps its starting text", async () => {
    const res = await admin.put("/api/admin/legal/terms/vi", { markdown: "## Điều khoản\n\nNội dung của chủ shop." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ page: "terms", locale: "vi", startingText: false });
    const vi = (await read("terms", "vi")).json();
    expect(vi).toMatchObject({ markdown: "## Điều khoản\n\nNội dung của chủ shop.", startingText: false });
    expect(Date.parse(vi.updatedAt)).not.toBeNaN();
    expect((await read("terms", "en")).json().startingText).toBe(true);

    const listed = (await admin.get("/api/admin/legal")).json().texts;
    const termsVi = listed.find((x: { page: string; locale: string }) => x.page === "terms" && x.locale === "vi");
    expect(termsVi.startingText).toBe(false);
    expect(termsVi.startingMarkdown).toContain("Veo Studio là một doanh nghiệp nhỏ");

    const [audit] = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "legal.update"));
    expect(audit).toMatchObject({
      targetType: "legal_page",
      targetId: "terms.vi",
      details: { page: "terms", locale: "vi", wasStartingText: true },
    });
  });

  it("stores hostile Markdown as the text it is and serves it unchanged", async () => {
    const hostile = [
      "<script>alert(1)</script>",
      "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)",
      '<img src=x onerror="alert(1)">',
      "![x](javascript:alert(2))",
    ].join("\n\n");
    expect((await admin.put("/api/admin/legal/privacy/en", { markdown: hostile })).statusCode).toBe(200);
    const served = await read("privacy", "en");
    expect(served.headers["content-type"]).toContain("application/json");
    expect(served.json().markdown).toBe(hostile);
  });

  it("refuses a text over the limit with a 413 the admin can act on, and an empty one with a 400", async () => {
    const tooLong = "a".repeat(MAX_LEGAL_TEXT_LENGTH + 1);
    const res = await admin.put("/api/admin/legal/refunds/en", { markdown: tooLong });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: "payload_too_large",
      reason: "legal_text_too_long",
      params: { length: MAX_LEGAL_TEXT_LENGTH + 1, max: MAX_LEGAL_TEXT_LENGTH },
      message: `The text is too long: ${MAX_LEGAL_TEXT_LENGTH + 1} characters. A legal page can hold at most ${MAX_LEGAL_TEXT_LENGTH} characters.`,
    });
    // Exactly at the limit is fine; Vietnamese counts characters, not bytes.
    const atLimit = "ệ".repeat(MAX_LEGAL_TEXT_LENGTH);
    expect((await admin.put("/api/admin/legal/refunds/vi", { markdown: atLimit })).statusCode).toBe(200);
    const empty = await admin.put("/api/admin/legal/refunds/en", { markdown: "  \n " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("an empty page cannot be saved");
    expect((await read("refunds", "en")).json().startingText).toBe(true);
  });

  it("are ready once every page is saved in both languages, the starting text kept counting as reviewed", async () => {
    const { texts } = (await admin.get("/api/admin/legal")).json();
    const unsaved = texts.filter((x: { startingText: boolean }) => x.startingText);
    expect(unsaved.length).toBeGreaterThan(1);
    for (const [i, text] of unsaved.entries()) {
      expect(await legalPagesReady(db())).toBe(false);
      const res = await admin.put(`/api/admin/legal/${text.page}/${text.locale}`, { markdown: text.markdown });
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200);
    }
    expect(await legalPagesReady(db())).toBe(true);
    expect((await read("refunds", "en")).json().startingText).toBe(false);
  });
});
