/** @jsxRuntime automatic @jsxImportSource react */
/** A plan's state, as its person must hear of it (issue 69): a renewal that failed, a plan that ended. */
import { mailDateTime } from "../format.js";
import type { Composed } from "./composed.js";
import { ActionButton, MailLayout, P, type MailFrame } from "./layout.js";

export function planPastDue(frame: MailFrame, v: { planName: string; until: Date | null; link: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Your {plan} plan's payment did not go through", { plan: v.planName });
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {v.until
            ? i18n._("Your plan's credits stay usable until {date} while the payment is tried again.", {
                date: mailDateTime(frame.locale, v.until),
              })
            : i18n._("Your plan's credits stay usable for a while as the payment is tried again.")}
        </P>
        <P>{i18n._("Update your card to keep your plan. If the payment keeps failing, the plan ends.")}</P>
        <ActionButton href={v.link}>{i18n._("Update your card")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function planEnded(frame: MailFrame, v: { planName: string; link: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Your {plan} plan has ended", { plan: v.planName });
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>{i18n._("No more payments are taken for it. Credits you bought stay in your account.")}</P>
        <ActionButton href={v.link}>{i18n._("See the plans")}</ActionButton>
      </MailLayout>
    ),
  };
}
