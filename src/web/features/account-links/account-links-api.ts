import { accountLinksApi } from "../../../shared/api/account-links";
import type { EmailConfirmed } from "../../../shared/schemas/account-links";
import { call } from "@/lib/api";

/** The two links that confirm an address: the first one, and a new one. */
export type AddressLinkKind = "verify" | "change";

const confirmations = new Map<string, Promise<EmailConfirmed>>();

/**
 * Uses an address link once per page load, however often the page mounts (a second POST would
 * only say the link was used).
 */
export function confirmAddressOnce(kind: AddressLinkKind, token: string): Promise<EmailConfirmed> {
  const key = `${kind}:${token}`;
  let pending = confirmations.get(key);
  if (!pending) {
    const route = kind === "verify" ? accountLinksApi.verifyEmail : accountLinksApi.confirmEmailChange;
    pending = call(route, { body: { token } });
    confirmations.set(key, pending);
  }
  return pending;
}
