/** @jsxRuntime automatic @jsxImportSource react */
/** The notices a person can turn off (decision 0086): a video ready or failed, a low balance. */
import { mailNumber } from "../format.js";
import type { Composed } from "./composed.js";
import { ActionButton, MailLayout, P, type MailFrame } from "./layout.js";

/** A prompt as the subject and preview show it: its start. */
const short = (prompt: string) => {
  const chars = Array.from(prompt.trim());
  return chars.length > 60 ? `${chars.slice(0, 60).join("").trimEnd()}…` : chars.join("");
};

export function videoReady(frame: MailFrame, v: { prompt: string; link: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Your video is ready: {prompt}", { prompt: short(v.prompt) });
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={short(v.prompt)} heading={i18n._("Your video is ready")}>
        <P>{i18n._("The video you asked for is made: “{prompt}”.", { prompt: v.prompt })}</P>
        <ActionButton href={v.link}>{i18n._("Watch it")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function videoFailed(frame: MailFrame, v: { prompt: string; refunded: number; link: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Your video could not be made: {prompt}", { prompt: short(v.prompt) });
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={short(v.prompt)} heading={i18n._("Your video could not be made")}>
        <P>{i18n._("The video you asked for could not be made: “{prompt}”.", { prompt: v.prompt })}</P>
        <P>
          {v.refunded > 0
            ? i18n._(
                "{count, plural, one {# credit is back in your account.} other {# credits are back in your account.}}",
                {
                  count: v.refunded,
                },
              )
            : i18n._("No credits were taken for it.")}
        </P>
        <ActionButton href={v.link}>{i18n._("Try again")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function lowBalance(
  frame: MailFrame,
  v: { credits: number; threshold: number; chosen: boolean; link: string },
): Composed {
  const { i18n, locale } = frame;
  const subject = i18n._("Your credits are running low");
  const figures = { credits: mailNumber(locale, v.credits), threshold: mailNumber(locale, v.threshold) };
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {v.chosen
            ? i18n._("Your balance is {credits}, below the {threshold} you set.", figures)
            : i18n._("Your balance is {credits}, below {threshold} credits.", figures)}
        </P>
        <ActionButton href={v.link}>{i18n._("Buy credits")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function testMessage(frame: MailFrame): Composed {
  const { i18n } = frame;
  const subject = i18n._("A test e-mail from {site}", { site: frame.site.name });
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>{i18n._("Mail from this site reaches this address. Nothing else to do.")}</P>
      </MailLayout>
    ),
  };
}
