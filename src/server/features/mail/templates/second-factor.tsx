/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The second factor's security notices (decision 0135): a factor added or removed, new recovery
 * codes, and wrong codes typed again and again. Always sent: whoever changed the account may not
 * be its owner, and a factor added by someone else locks the owner out even after a new password.
 */
import { mailDateTime } from "../format.js";
import type { Composed } from "./composed.js";
import { ActionButton, MailLayout, P, type MailFrame } from "./layout.js";

export type FactorMethod = "totp" | "passkey";

/** "An authenticator app", or the passkey by its name. */
function factorName(frame: MailFrame, method: FactorMethod, name: string | null): string {
  const { i18n } = frame;
  return method === "passkey" ? i18n._("The passkey “{name}”", { name: name ?? "" }) : i18n._("An authenticator app");
}

const securityPage = (frame: MailFrame) => `${frame.site.url}/account/security`;

export function secondFactorAdded(
  frame: MailFrame,
  v: { username: string; when: Date; method: FactorMethod; name: string | null },
): Composed {
  const { i18n } = frame;
  const subject = i18n._("A second factor was added to your account");
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {i18n._("{factor} was added to the account {username} on {when}. Signing in now asks for it.", {
            factor: factorName(frame, v.method, v.name),
            username: v.username,
            when: mailDateTime(frame.locale, v.when),
          })}
        </P>
        <P>
          {i18n._(
            "If this was not you, someone can use your account, and a new password alone will not let you back in while their factor is on it: contact us at once so that we remove it, then choose a new password.",
          )}
        </P>
        <ActionButton href={`${frame.site.url}/contact`}>{i18n._("This was not me: contact us")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function secondFactorRemoved(
  frame: MailFrame,
  v: { username: string; when: Date; method: FactorMethod | "every"; name: string | null },
): Composed {
  const { i18n } = frame;
  const subject = i18n._("A second factor was removed from your account");
  const values = { username: v.username, when: mailDateTime(frame.locale, v.when) };
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {v.method === "every"
            ? i18n._(
                "An administrator removed every second factor of the account {username} on {when}, and signed it out everywhere. Signing in asks for the password only until you add a factor again.",
                values,
              )
            : i18n._("{factor} was removed from the account {username} on {when}.", {
                factor: factorName(frame, v.method, v.name),
                ...values,
              })}
        </P>
        <P>{i18n._("If this was not you, choose a new password at once and check your security page.")}</P>
        <ActionButton href={securityPage(frame)}>{i18n._("Open my security page")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function recoveryCodesMade(frame: MailFrame, v: { username: string; when: Date }): Composed {
  const { i18n } = frame;
  const subject = i18n._("New recovery codes were made for your account");
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {i18n._("New recovery codes were made for the account {username} on {when}. The old ones no longer work.", {
            username: v.username,
            when: mailDateTime(frame.locale, v.when),
          })}
        </P>
        <P>{i18n._("If this was not you, choose a new password at once and check your security page.")}</P>
        <ActionButton href={securityPage(frame)}>{i18n._("Open my security page")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function secondFactorFailures(
  frame: MailFrame,
  v: { username: string; failures: number; hours: number },
): Composed {
  const { i18n } = frame;
  const subject = i18n._("Wrong second-factor codes for your account");
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {i18n._(
            "{failures, plural, one {# wrong code or passkey was tried} other {# wrong codes or passkeys were tried}} for the account {username} within {hours} hours. We tell you once a day at most.",
            { failures: v.failures, username: v.username, hours: v.hours },
          )}
        </P>
        <P>
          {i18n._(
            "Whoever tried got past the password, or holds a signed-in device. If it was not you, choose a new password at once: that signs every device out.",
          )}
        </P>
        <ActionButton href={`${frame.site.url}/forgot-password`}>{i18n._("Reset my password")}</ActionButton>
      </MailLayout>
    ),
  };
}
