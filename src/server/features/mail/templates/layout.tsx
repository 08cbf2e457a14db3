/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The frame of every message (decision 0085): the product's name linking to the site, the
 * message, and a footer saying why it came and, for a notice one can turn off, how to.
 * Inline styles only: mail clients ignore style sheets.
 */
import type { ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { Locale } from "../../../../shared/i18n.js";

/** What every template is given besides its own values. */
export interface MailFrame {
  i18n: I18n;
  locale: Locale;
  /** The product's name and public address (PUBLIC_URL). */
  site: { name: string; url: string };
  /** Set for a notice one can turn off: the page that turns it off. */
  unsubscribeUrl?: string;
}

const page = { backgroundColor: "#f4f4f5", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" };
const card = { backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "560px", padding: "32px" };
const brand = { color: "#7c3aed", fontSize: "18px", fontWeight: 700, textDecoration: "none" };
const small = { color: "#71717a", fontSize: "12px", lineHeight: "18px" };

export const paragraph = { color: "#18181b", fontSize: "15px", lineHeight: "24px" };

export function MailLayout(props: { frame: MailFrame; preview: string; heading: string; children: ReactNode }) {
  const { frame } = props;
  const { i18n, site } = frame;
  return (
    <Html lang={frame.locale}>
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Link href={site.url} style={brand}>
            {site.name}
          </Link>
          <Heading as="h1" style={{ color: "#18181b", fontSize: "22px", margin: "24px 0 8px" }}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: "#e4e4e7", margin: "32px 0 16px" }} />
          <Text style={small}>
            {i18n._("You get this e-mail because of your account at {site}.", { site: site.name })}{" "}
            <Link href={site.url} style={small}>
              {site.url}
            </Link>
          </Text>
          {frame.unsubscribeUrl ? (
            <Text style={small}>
              <Link href={frame.unsubscribeUrl} style={small}>
                {i18n._("Stop e-mails like this one")}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** The message's one action, as a button (a link in the plain-text part). */
export function ActionButton(props: { href: string; children: string }) {
  return (
    <Section style={{ margin: "24px 0" }}>
      <Button
        href={props.href}
        style={{
          backgroundColor: "#7c3aed",
          borderRadius: "6px",
          color: "#ffffff",
          fontSize: "15px",
          fontWeight: 600,
          padding: "12px 20px",
          textDecoration: "none",
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/** A paragraph of the message. */
export function P(props: { children: ReactNode }) {
  return <Text style={paragraph}>{props.children}</Text>;
}

/** The link spelled out, for a reader whose client shows no buttons. */
export function LinkLine(props: { frame: MailFrame; href: string }) {
  return (
    <Text style={small}>
      {props.frame.i18n._("If the button does not work, open this address:")}{" "}
      <Link href={props.href} style={{ ...small, wordBreak: "break-all" }}>
        {props.href}
      </Link>
    </Text>
  );
}
