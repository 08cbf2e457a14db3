/** A message rendered for sending: its subject, HTML and plain-text parts, in the reader's language. */
import { render } from "@react-email/render";
import { BRAND } from "../../../shared/brand.js";
import type { Locale } from "../../../shared/i18n.js";
import { mailI18n } from "./catalog.js";
import { composeMail, type MailMessage } from "./messages.js";

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderOptions {
  locale: Locale;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** The page that turns this notice off (optional notices only). */
  unsubscribeUrl?: string;
}

export async function renderMail(message: MailMessage, options: RenderOptions): Promise<RenderedMail> {
  const frame = {
    i18n: mailI18n(options.locale),
    locale: options.locale,
    site: { name: BRAND, url: options.publicUrl },
    unsubscribeUrl: options.unsubscribeUrl,
  };
  const { subject, element } = composeMail(frame, message);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}
