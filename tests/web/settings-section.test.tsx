/**
 * A settings section (issue 68 §3, decision 0148): its cards save together with one button, the bar
 * says whether anything is unsaved, Discard puts back what is saved, a card with a problem stops
 * the save with the problem beside its field, and each part sends only its own settings.
 */
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContactCard } from "@/features/admin/settings/contact-card";
import { PaymentsPart } from "@/features/admin/settings/payments-part";
import { PricesPart } from "@/features/admin/settings/prices-part";
import { SignUpsCard } from "@/features/admin/settings/sign-ups-card";
import { MailCard } from "@/features/admin/mail/mail-card";
import { SettingsSectionForm } from "@/features/admin/settings/section/settings-section-form";
import { TelegramCard } from "@/features/admin/settings/telegram-card";
import { stubFetch, type Sent } from "./fetch-stub";
import { SETTINGS } from "./settings-fixture";
import { renderWeb, useLocale } from "./render";

afterEach(() => vi.unstubAllGlobals());

/** The server: every PUT is answered as saved (what was sent is what these tests read). */
function server() {
  const put = () => ({ body: { message: "Settings updated", settings: SETTINGS } });
  return stubFetch({
    "PUT /api/admin/settings": put,
    "PUT /api/admin/settings/telegram": put,
    "GET /api/admin/settings/payment-checks": { body: { creem: { status: "off" }, paypal: { status: "off" } } },
    "GET /api/admin/credit-packages": { body: [] },
    // The mail card's line on where mail goes now: not under test here.
    "GET /api/admin/mail/status": { status: 503, body: { message: "Not under test" } },
  });
}

const puts = (sent: Sent[]) => sent.filter((r) => r.method === "PUT");

function renderOperations() {
  return renderWeb(
    <SettingsSectionForm label="Test section">
      <ContactCard settings={SETTINGS} />
      <TelegramCard settings={SETTINGS} />
    </SettingsSectionForm>,
  );
}

describe("a settings section", () => {
  it("saves every changed card with one button, and says so", async () => {
    await useLocale("en", "admin");
    const { sent } = server();
    const { user } = renderOperations();
    const save = screen.getByRole("button", { name: "Save changes" });
    expect(screen.getByText("Everything here is saved")).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText("Telegram username"), "@owner_help");
    await user.type(screen.getByLabelText("Chat ID"), "-1001234567890");
    expect(await screen.findByText("Unsaved changes")).toBeTruthy();
    await user.click(save);

    await waitFor(() => expect(puts(sent)).toHaveLength(2));
    expect(puts(sent).map((r) => r.body)).toEqual([
      { contactZaloPhone: "", contactZaloGroupUrl: "", contactTelegram: "@owner_help", contactEmail: "" },
      { telegramBotToken: "", telegramChatId: "-1001234567890" },
    ]);
    expect(await screen.findByText("Everything here is saved")).toBeTruthy();
  });

  it("puts back what is saved on Discard", async () => {
    await useLocale("en", "admin");
    const { sent } = server();
    const { user } = renderOperations();
    await user.type(screen.getByLabelText("Chat ID"), "@somewhere");
    await user.click(await screen.findByRole("button", { name: "Discard" }));
    expect(screen.getByLabelText<HTMLInputElement>("Chat ID").value).toBe("");
    expect(screen.getByText("Everything here is saved")).toBeTruthy();
    expect(puts(sent)).toEqual([]);
  });

  it("stops at a card with a problem, shown beside its field in the owner's words", async () => {
    await useLocale("en", "admin");
    const { sent } = server();
    const { user } = renderOperations();
    await user.type(screen.getByLabelText("Zalo phone number"), "12");
    await user.type(screen.getByLabelText("Chat ID"), "@somewhere");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    const phone = screen.getByLabelText("Zalo phone number");
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a phone number of 8 to 15 digits, e.g. +84 912 345 678.")).toBeTruthy();
    expect(screen.queryByText(/contactZaloPhone/)).toBeNull();
    expect(puts(sent)).toEqual([]);
    expect(screen.getByText("Unsaved changes")).toBeTruthy();
  });

  it("sends only the payment keys from the Payments part, and words a bad webhook ID for the owner", async () => {
    await useLocale("en", "admin");
    const { sent } = server();
    const { user } = renderWeb(
      <SettingsSectionForm label="Payments">
        <PaymentsPart settings={SETTINGS} />
      </SettingsSectionForm>,
    );
    const webhook = screen.getByLabelText("PayPal webhook ID");
    await user.type(webhook, "not an id!");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(
      await screen.findByText(
        "Paste the webhook ID exactly as PayPal shows it: letters and digits, e.g. 8PT597110X687430LKGECATA.",
      ),
    ).toBeTruthy();
    expect(puts(sent)).toEqual([]);

    await user.clear(webhook);
    await user.type(webhook, "8PT597110X687430LKGECATA");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(Object.keys(puts(sent)[0]!.body as object).sort()).toEqual([
      "creemApiKey",
      "creemEnabled",
      "creemEnvironment",
      "creemWebhookSecret",
      "paypalClientId",
      "paypalClientSecret",
      "paypalEnabled",
      "paypalEnvironment",
      "paypalWebhookId",
    ]);
    expect(puts(sent)[0]!.body).toMatchObject({ paypalWebhookId: "8PT597110X687430LKGECATA", paypalClientId: null });
  });

  it("words a price cell typed wrong beside it, for the owner, and sends nothing", async () => {
    await useLocale("en", "admin");
    const { sent } = server();
    const { user } = renderWeb(
      <SettingsSectionForm label="Prices">
        <PricesPart settings={SETTINGS} />
      </SettingsSectionForm>,
    );
    const api = screen.getByLabelText("API price for Veo3 Fast");
    await user.clear(api);
    await user.type(api, "2.555");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Enter a price from 1 to 1000, with at most two decimals.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(api));
    expect(api.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText(/prices\.veo3_fast/)).toBeNull();
    expect(puts(sent)).toEqual([]);

    // Typing again clears the problem; a price the server's rule takes is sent.
    await user.clear(api);
    await user.type(api, "12.50");
    expect(api.getAttribute("aria-invalid")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect((puts(sent)[0]!.body as { prices: Record<string, unknown> }).prices.veo3_fast).toEqual({
      webCredits: "5",
      apiPrice: "12.50",
    });
  });

  it("words what the Telegram, mail and sign-up fields take beside each, before anything is sent", async () => {
    await useLocale("en", "admin");
    const { sent } = server();
    const { user } = renderWeb(
      <SettingsSectionForm label="Several">
        <TelegramCard settings={SETTINGS} />
        <MailCard settings={SETTINGS} />
        <SignUpsCard settings={SETTINGS} />
      </SettingsSectionForm>,
    );
    await user.type(screen.getByLabelText("Chat ID"), "my group");
    await user.type(screen.getByLabelText("Mail server (SMTP host)"), "smtp://mail.example.com:587");
    await user.type(screen.getByLabelText("From"), "Veo <not an address>");
    await user.type(screen.getByLabelText("Turnstile site key"), "0x4AAA AAAA");
    await user.type(screen.getByLabelText("Mail domains always refused"), "not a domain!");
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    const described = (label: string) => screen.getByLabelText(label).getAttribute("aria-describedby") ?? "";
    const problemOf = (label: string) => document.getElementById(described(label).split(" ")[0]!)?.textContent;
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Chat ID")));
    expect(problemOf("Chat ID")).toBe("Enter the chat's number, e.g. -1001234567890, or a channel's @name.");
    expect(problemOf("Mail server (SMTP host)")).toBe(
      "Enter the server's name only, e.g. smtp.example.com, without smtp:// or a port.",
    );
    expect(problemOf("From")).toBe("Enter an address, or a name and an address: Veo Studio <no-reply@example.com>.");
    expect(problemOf("Turnstile site key")).toBe(
      "Paste the site key exactly as Cloudflare shows it, e.g. 0x4AAAAAAA...",
    );
    expect(problemOf("Mail domains always refused")).toBe(
      "Enter domain names, one a line, e.g. example.com: at most 500.",
    );
    expect(document.body.textContent).not.toMatch(/telegramChatId|smtpHost|mailFrom|turnstileSiteKey|emailDomains/);
    expect(puts(sent)).toEqual([]);
  });
});
