/**
 * Throwaway mail domains (decision 0091): refused at registration and at a change of address.
 * The list is disposable-email-domains-js (the disposable-email-domains project's list, kept up
 * to date by its maintainers), and the admin's overrides: an allowed domain always passes, a
 * blocked one never does. A domain matches itself and every subdomain (x.mailinator.com), in any
 * letter case, an internationalised name in its punycode form.
 */
import { domainToASCII } from "node:url";
import { disposableEmailBlocklist } from "disposable-email-domains-js";
import { AppError } from "../../http/errors.js";
import { domainAndParents } from "../../../shared/email-domains.js";
import { reasoned } from "../../../shared/error-reasons.js";
import type { Settings } from "../settings/service.js";

const EMAIL_DOMAIN_REFUSED =
  "Addresses at this mail domain cannot be used here. Use a mailbox you keep, not a throwaway one.";

let throwaway: ReadonlySet<string> | undefined;
/** Read once, when the first address is checked (about 9,000 names). */
const throwawayDomains = () => (throwaway ??= new Set(disposableEmailBlocklist().map((d) => d.toLowerCase())));

/** The address's domain in the compared form; "" when it is no domain name. */
function addressDomain(email: string): string {
  const domain = domainToASCII(email.slice(email.lastIndexOf("@") + 1).trim());
  return domain.endsWith(".") ? domain.slice(0, -1) : domain;
}

type DomainVerdict = "allowed" | "blocked" | "throwaway";

/** Whether `email` may be used, and why not: the admin's allowed list first, then their blocked list, then the list. */
function emailDomainVerdict(
  email: string,
  overrides: Pick<Settings, "emailDomainsAllowed" | "emailDomainsBlocked">,
): DomainVerdict {
  const domain = addressDomain(email);
  if (domain === "") return "blocked";
  const names = domainAndParents(domain);
  if (names.some((name) => overrides.emailDomainsAllowed.includes(name))) return "allowed";
  if (names.some((name) => overrides.emailDomainsBlocked.includes(name))) return "blocked";
  const list = throwawayDomains();
  return names.some((name) => list.has(name)) ? "throwaway" : "allowed";
}

/** Whether `email` is at a throwaway or blocked domain (the welcome grant never goes there, decision 0155). */
export const isThrowawayAddress = (email: string, settings: Settings): boolean =>
  emailDomainVerdict(email, settings) !== "allowed";

/** Refuses (400 email_domain_refused) an address at a throwaway or blocked domain; no address passes. */
export function refuseThrowawayAddress(email: string | null | undefined, settings: Settings): void {
  if (!email) return;
  if (emailDomainVerdict(email, settings) !== "allowed")
    throw new AppError("invalid_input", EMAIL_DOMAIN_REFUSED, reasoned("email_domain_refused"));
}
