/**
 * The outbox never shows a live single-use link in full (decision 0130): a reset, a confirmation
 * or a change-of-address link signs in or changes an account, so whoever reads it could use it.
 * Every such link carries its secret as `token=`; the view replaces the secret and says how many.
 */

/** What a hidden secret reads as, in the link's place. */
const HIDDEN_TOKEN = "hidden";

// `&amp;` as HTML writes a second parameter; the secret is base64url (account-tokens.ts). No
// nested repetition: the match is linear whatever the body holds.
const TOKEN_PARAMETER = /([?&](?:amp;)?token=)[A-Za-z0-9_-]+/g;

/** The body with every link's secret replaced, and how many were. */
export function hideLinkSecrets(body: string): { body: string; hidden: number } {
  let hidden = 0;
  const masked = body.replace(TOKEN_PARAMETER, (_, start: string) => {
    hidden += 1;
    return `${start}${HIDDEN_TOKEN}`;
  });
  return { body: masked, hidden };
}
