/** @jsxRuntime automatic @jsxImportSource react */
/** The receipt of a completed payment (decision 0086): always sent, and it links to the printable page. */
import { Column } from "@react-email/column";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { mailDateTime, mailMoney, mailNumber } from "../format.js";
import type { Composed } from "./composed.js";
import { ActionButton, MailLayout, P, paragraph, type MailFrame } from "./layout.js";

export interface ReceiptValues {
  username: string;
  orderId: string;
  link: string;
  packageName: string;
  credits: number;
  bonusCredits: number;
  amount: string;
  currency: string;
  provider: string;
  providerPaymentId: string | null;
  paidAt: Date;
}

export function receipt(frame: MailFrame, v: ReceiptValues): Composed {
  const { i18n, locale } = frame;
  const subject = i18n._("Your receipt from {site}", { site: frame.site.name });
  const lines: [string, string][] = [
    [i18n._("Order"), v.orderId],
    [i18n._("Date"), mailDateTime(locale, v.paidAt)],
    [i18n._("Package"), v.packageName],
    [i18n._("Credits"), mailNumber(locale, v.credits)],
    ...(v.bonusCredits > 0 ? [[i18n._("Bonus credits"), mailNumber(locale, v.bonusCredits)] as [string, string]] : []),
    [i18n._("Amount"), mailMoney(locale, v.amount, v.currency)],
    [i18n._("Paid with"), v.provider === "paypal" ? "PayPal" : "Creem"],
    ...(v.providerPaymentId ? [[i18n._("Payment id"), v.providerPaymentId] as [string, string]] : []),
  ];
  return {
    subject,
    element: (
      <MailLayout
        frame={frame}
        preview={i18n._("{amount} for {package}", {
          amount: mailMoney(locale, v.amount, v.currency),
          package: v.packageName,
        })}
        heading={i18n._("Thank you for your purchase")}
      >
        <P>{i18n._("The credits are in the account {username}.", { username: v.username })}</P>
        <Section>
          {lines.map(([label, value]) => (
            <Row key={label}>
              <Column style={{ ...paragraph, color: "#71717a", width: "40%" }}>
                <Text style={{ ...paragraph, color: "#71717a", margin: "4px 0" }}>{label}</Text>
              </Column>
              <Column>
                <Text style={{ ...paragraph, margin: "4px 0" }}>{value}</Text>
              </Column>
            </Row>
          ))}
        </Section>
        <ActionButton href={v.link}>{i18n._("Open the receipt")}</ActionButton>
      </MailLayout>
    ),
  };
}
