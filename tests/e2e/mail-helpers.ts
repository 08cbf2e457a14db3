/** The mail the e2e server sent, read from the SMTP fake's HTTP side (playwright.config.ts starts it). */
import { expect } from "./fixtures.js";
import type { ReceivedMail } from "../fakes/smtp-fake.mjs";

function messagesUrl(): string {
  const port = process.env.E2E_SMTP_HTTP_PORT;
  if (!port) throw new Error("E2E_SMTP_HTTP_PORT is not set (playwright.config.ts sets it)");
  return `http://127.0.0.1:${port}/messages`;
}

/** Every message that reached the SMTP server for this address, oldest first. */
async function mailTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${messagesUrl()}?to=${encodeURIComponent(address)}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for a message to this address whose subject matches, and returns the newest such. */
export async function waitForMail(address: string, subject: string | RegExp, timeout = 20_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect(async () => {
    const matching = (await mailTo(address)).filter((m) =>
      typeof subject === "string" ? m.subject === subject : subject.test(m.subject),
    );
    found = matching.at(-1);
    expect(found, `mail to ${address} with subject ${String(subject)}`).toBeDefined();
  }).toPass({ timeout });
  return found!;
}

/** The first link in a message's plain-text part that goes to this path of the site. */
export function linkTo(mail: ReceivedMail, path: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.includes(path) && /^https?:\/\//.test(word));
  if (!link) throw new Error(`No link to ${path} in "${mail.subject}":\n${mail.text}`);
  return link;
}
