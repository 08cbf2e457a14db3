/**
 * Every message the product sends renders in both languages (decision 0085): a subject, an HTML
 * part and a plain-text part, with every value filled in and the link in both parts.
 */
import { describe, expect, it } from "vitest";
import { ESSENTIAL_MAIL_KINDS, OPTIONAL_MAIL_KINDS, type MailKind } from "../../src/server/features/mail/kinds.js";
import type { MailMessage } from "../../src/server/features/mail/messages.js";
import { renderMail } from "../../src/server/features/mail/render.js";

const LINK = "https://veo.example/go?token=abc123";
const when = new Date("2026-03-09T14:05:09Z");

const SAMPLES: { [K in MailKind]: Extract<MailMessage, { kind: K }> } = {
  password_reset: { kind: "password_reset", username: "ann", link: LINK },
  password_changed: { kind: "password_changed", username: "ann", when, resetLink: LINK },
  verify_email: { kind: "verify_email", username: "ann", link: LINK, email: "ann@people.example" },
  email_change_confirm: { kind: "email_change_confirm", username: "ann", link: LINK, email: "new@people.example" },
  email_changed: { kind: "email_changed", username: "ann", newEmail: "new@people.example", pending: true },
  receipt: {
    kind: "receipt",
    username: "ann",
    orderId: "3b0f7c1e-0000-4000-8000-000000000001",
    link: LINK,
    packageName: "Starter",
    credits: 500,
    bonusCredits: 50,
    amount: "9.99",
    currency: "USD",
    provider: "paypal",
    providerPaymentId: "CAPTURE-1",
    paidAt: when,
  },
  api_token_created: { kind: "api_token_created", username: "ann", tokenName: "n8n", when },
  account_deleted: { kind: "account_deleted", username: "ann" },
  plan_past_due: {
    kind: "plan_past_due",
    planName: "Pro",
    until: new Date("2026-12-15T10:00:00Z"),
    link: "https://veo.example/my-account#plan",
  },
  plan_ended: { kind: "plan_ended", planName: "Pro", link: "https://veo.example/pricing" },
  second_factor_added: { kind: "second_factor_added", username: "ann", when, method: "passkey", name: "Laptop" },
  second_factor_removed: { kind: "second_factor_removed", username: "ann", when, method: "every", name: null },
  recovery_codes_made: { kind: "recovery_codes_made", username: "ann", when },
  second_factor_failures: { kind: "second_factor_failures", username: "ann", failures: 5, hours: 24 },
  test: { kind: "test" },
  video_ready: { kind: "video_ready", prompt: "A fox in the snow", link: LINK },
  video_failed: { kind: "video_failed", prompt: "A fox in the snow", refunded: 2, link: LINK },
  low_balance: { kind: "low_balance", credits: 3, threshold: 10, chosen: false, link: LINK },
  new_sign_in: {
    kind: "new_sign_in",
    username: "ann",
    when,
    browser: "Firefox, Linux",
    ip: "203.0.113.9",
    resetLink: LINK,
  },
};

const KINDS = [...ESSENTIAL_MAIL_KINDS, ...OPTIONAL_MAIL_KINDS];

describe("mail rendering", () => {
  it.each(KINDS)("%s: both languages, both parts, every value filled", async (kind) => {
    const message = SAMPLES[kind];
    const [en, vi] = await Promise.all(
      (["en", "vi"] as const).map((locale) => renderMail(message, { locale, publicUrl: "https://veo.example" })),
    );
    for (const [locale, mail] of [
      ["en", en!],
      ["vi", vi!],
    ] as const) {
      expect(mail.subject.trim(), locale).not.toBe("");
      expect(mail.html).toContain(`lang="${locale}"`);
      expect(mail.text.trim().length).toBeGreaterThan(40);
      // An ICU argument left unfilled would show as {name}.
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\{[a-z]+\}/i);
      if ("link" in message) {
        expect(mail.html).toContain(message.link);
        expect(mail.text).toContain(message.link);
      }
    }
    expect(vi!.subject).not.toBe(en!.subject);
  });

  it("says the time in UTC, in each language's form", async () => {
    const message = SAMPLES.password_changed;
    const en = await renderMail(message, { locale: "en", publicUrl: "https://veo.example" });
    const vi = await renderMail(message, { locale: "vi", publicUrl: "https://veo.example" });
    expect(en.text).toContain("Mar 9, 2026");
    expect(en.text).toContain("UTC");
    expect(vi.text).toContain("09/03/2026");
  });

  it("shows a notice's way out only when it has one", async () => {
    const withLink = await renderMail(SAMPLES.video_ready, {
      locale: "en",
      publicUrl: "https://veo.example",
      unsubscribeUrl: "https://veo.example/unsubscribe?u=1",
    });
    expect(withLink.text).toContain("Stop e-mails like this one");
    expect(withLink.html).toContain("https://veo.example/unsubscribe?u=1");
    const without = await renderMail(SAMPLES.test, { locale: "en", publicUrl: "https://veo.example" });
    expect(without.text).not.toContain("Stop e-mails");
  });

  it("escapes what people wrote into the HTML", async () => {
    const mail = await renderMail(
      { kind: "video_ready", prompt: '<img src=x onerror="alert(1)">', link: LINK },
      { locale: "en", publicUrl: "https://veo.example" },
    );
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img");
  });
});
