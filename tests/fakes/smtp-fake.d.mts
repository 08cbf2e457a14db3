/** Types for smtp-fake.mjs (plain JavaScript so Playwright's webServer can run it with node). */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Header name (lower case) -> its value as sent. */
  headers: Record<string, string>;
  raw: string;
  receivedAt: string;
}

export interface SmtpFake {
  port: number;
  /** SMTP_URL for the product. */
  url: string;
  received: ReceivedMail[];
  /** While above zero, the next messages are answered 451 (try later). */
  state: { failNext: number };
  to(address: string): ReceivedMail[];
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

export function startSmtpFake(options?: { port?: number; host?: string }): Promise<SmtpFake>;
