/** @jsxRuntime automatic @jsxImportSource react */
/** The account's own messages: reset and address links (decision 0088), security notices (decision 0086). Always sent. */
import { mailDateTime } from "../format.js";
import { ActionButton, LinkLine, MailLayout, P, type MailFrame } from "./layout.js";
import type { Composed } from "./composed.js";

export function passwordReset(frame: MailFrame, v: { username: string; link: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Reset your {site} password", { site: frame.site.name });
  return {
    subject,
    element: (
      <MailLayout
        frame={frame}
        preview={i18n._("A link to choose a new password, valid for one hour.")}
        heading={subject}
      >
        <P>{i18n._("Someone asked to reset the password of the account {username}.", { username: v.username })}</P>
        <ActionButton href={v.link}>{i18n._("Choose a new password")}</ActionButton>
        <P>
          {i18n._(
            "The link works once, for one hour. If you did not ask for it, ignore this e-mail: your password stays as it is.",
          )}
        </P>
        <LinkLine frame={frame} href={v.link} />
      </MailLayout>
    ),
  };
}

export function passwordChanged(frame: MailFrame, v: { username: string; when: Date; resetLink: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Your {site} password was changed", { site: frame.site.name });
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {i18n._("The password of the account {username} was changed on {when}.", {
            username: v.username,
            when: mailDateTime(frame.locale, v.when),
          })}
        </P>
        <P>{i18n._("Every other device was signed out.")}</P>
        <P>{i18n._("If this was not you, choose a new password at once and tell us.")}</P>
        <ActionButton href={v.resetLink}>{i18n._("Reset my password")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function verifyEmail(frame: MailFrame, v: { username: string; link: string; email: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Confirm your e-mail address");
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={i18n._("One click confirms {email}.", { email: v.email })} heading={subject}>
        <P>
          {i18n._("Please confirm that {email} is the address of the account {username} at {site}.", {
            email: v.email,
            username: v.username,
            site: frame.site.name,
          })}
        </P>
        <ActionButton href={v.link}>{i18n._("Confirm my address")}</ActionButton>
        <P>{i18n._("The link works for 24 hours.")}</P>
        <P>
          {i18n._(
            "Not your account? Do not click: someone typed your address into an account that is not yours. Tell us at {contact}; until the address is confirmed, that account cannot use it.",
            { contact: `${frame.site.url}/contact` },
          )}
        </P>
        <LinkLine frame={frame} href={v.link} />
      </MailLayout>
    ),
  };
}

export function emailChangeConfirm(frame: MailFrame, v: { username: string; link: string; email: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Confirm your new e-mail address");
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={i18n._("One click confirms {email}.", { email: v.email })} heading={subject}>
        <P>
          {i18n._(
            "The account {username} at {site} asked to use {email} from now on. It changes once you confirm it.",
            { username: v.username, site: frame.site.name, email: v.email },
          )}
        </P>
        <ActionButton href={v.link}>{i18n._("Use this address")}</ActionButton>
        <P>{i18n._("The link works for 24 hours.")}</P>
        <P>
          {i18n._(
            "Not your account? Do not click: someone typed your address into an account that is not yours. Tell us at {contact}; until the address is confirmed, that account cannot use it.",
            { contact: `${frame.site.url}/contact` },
          )}
        </P>
        <LinkLine frame={frame} href={v.link} />
      </MailLayout>
    ),
  };
}

export function emailChanged(
  frame: MailFrame,
  v: { username: string; newEmail: string; pending: boolean; cancelLink?: string },
): Composed {
  const { i18n } = frame;
  const subject = v.pending
    ? i18n._("A new e-mail address was asked for your account")
    : i18n._("Your account's e-mail address was changed");
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {v.pending
            ? i18n._(
                "The account {username} asked to use {email} instead of this address. It changes once that address is confirmed.",
                { username: v.username, email: v.newEmail },
              )
            : i18n._("The account {username} now uses {email}. This address gets no more e-mail from it.", {
                username: v.username,
                email: v.newEmail,
              })}
        </P>
        {v.cancelLink ? (
          <>
            <P>
              {i18n._(
                "If this was not you, cancel the change: the button below ends it and signs every device out of the account. Then choose a new password.",
              )}
            </P>
            <ActionButton href={v.cancelLink}>{i18n._("This was not me: cancel the change")}</ActionButton>
          </>
        ) : (
          <P>{i18n._("If this was not you, change your password at once and tell us.")}</P>
        )}
      </MailLayout>
    ),
  };
}

export function apiTokenCreated(frame: MailFrame, v: { username: string; tokenName: string; when: Date }): Composed {
  const { i18n } = frame;
  const subject = i18n._("A new API token was created");
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {i18n._('The account {username} created the API token "{name}" on {when}.', {
            username: v.username,
            name: v.tokenName,
            when: mailDateTime(frame.locale, v.when),
          })}
        </P>
        <P>
          {i18n._(
            "Anyone holding it can make videos with your credits. If this was not you, delete it on the API page and change your password.",
          )}
        </P>
        <ActionButton href={`${frame.site.url}/api`}>{i18n._("See my tokens")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function newSignIn(
  frame: MailFrame,
  v: { username: string; when: Date; browser: string | null; ip: string; resetLink: string },
): Composed {
  const { i18n } = frame;
  const subject = i18n._("A new sign-in to your account");
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {i18n._("The account {username} was signed in from a browser it had not used before, on {when}.", {
            username: v.username,
            when: mailDateTime(frame.locale, v.when),
          })}
        </P>
        <P>
          {i18n._("Browser: {browser}. Address: {ip}.", {
            browser: v.browser ?? i18n._("one that does not say its name"),
            ip: v.ip,
          })}
        </P>
        <P>{i18n._("If this was you, there is nothing to do. If not, choose a new password at once.")}</P>
        <ActionButton href={v.resetLink}>{i18n._("Reset my password")}</ActionButton>
      </MailLayout>
    ),
  };
}

export function accountDeleted(frame: MailFrame, v: { username: string }): Composed {
  const { i18n } = frame;
  const subject = i18n._("Your {site} account was deleted", { site: frame.site.name });
  return {
    subject,
    element: (
      <MailLayout frame={frame} preview={subject} heading={subject}>
        <P>
          {i18n._(
            "The account {username} and its videos, uploads, tokens and webhooks are deleted. Records of payments are kept, without your name or address, as the law asks.",
            { username: v.username },
          )}
        </P>
        <P>{i18n._("This is the last e-mail you get from us. If you did not ask for this, contact us at once.")}</P>
      </MailLayout>
    ),
  };
}
