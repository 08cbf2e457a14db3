/**
 * The admin area's pages in groups (decision 0147), in the `public` catalogue: the header's Admin
 * menu (every page) and the admin pages' own tabs both read them.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { SETTINGS_SECTIONS, settingsHref, type SettingsSection } from "../../shared/settings-sections";

interface AdminPageLink {
  href: string;
  label: MessageDescriptor;
}

interface AdminGroup {
  label: MessageDescriptor;
  /** The first one is where the group's tab leads. */
  pages: readonly AdminPageLink[];
  /** What the header's Admin menu lists of the group, when not every page. */
  inMenu?: readonly AdminPageLink[];
}

/** The settings' sections (decision 0148), each a page of the Settings group. */
export const SETTINGS_SECTION_LABELS: Record<SettingsSection, MessageDescriptor> = {
  payments: msg`Payments`,
  prices: msg`Prices`,
  models: msg`Models and vendors`,
  mail: msg`Mail`,
  "sign-ups": msg`Sign-ups`,
  moderation: msg`Moderation`,
  contact: msg`Contact`,
  legal: msg`Legal`,
  appearance: msg`Appearance`,
  operations: msg`Operations`,
};

export const ADMIN_GROUPS: readonly AdminGroup[] = [
  { label: msg`Overview`, pages: [{ href: "/admin", label: msg`Overview` }] },
  {
    label: msg`People`,
    pages: [
      { href: "/admin/users", label: msg`Users` },
      { href: "/admin/moderation", label: msg`Moderation` },
      // Codes people redeem or buy with (issue 70): a fifth tab would not fit a phone's width.
      { href: "/admin/codes", label: msg`Codes` },
      // What people publish to Explore (issue 72): approve, feature, hide, reports.
      { href: "/admin/explore", label: msg`Explore` },
    ],
  },
  {
    label: msg`Activity`,
    pages: [
      { href: "/history", label: msg`Transactions` },
      { href: "/admin/audit", label: msg`Audit Log` },
      { href: "/admin/mail", label: msg`Mail` },
    ],
  },
  {
    label: msg`Settings`,
    pages: SETTINGS_SECTIONS.map((section) => ({
      href: settingsHref(section),
      label: SETTINGS_SECTION_LABELS[section],
    })),
    // Ten sections would crowd the menu, two of them named like other groups' pages (Mail, Moderation).
    inMenu: [{ href: "/admin/settings", label: msg`Settings` }],
  },
];

/** Whether `location` is the page `href` or one below it (a user's page is under Users). */
export function isAdminPage(href: string, location: string): boolean {
  return href === "/admin" ? location === "/admin" : location === href || location.startsWith(`${href}/`);
}

/** The group the page at `location` belongs to, if it is an admin page. */
export function adminGroupOf(location: string): AdminGroup | undefined {
  return ADMIN_GROUPS.find((group) => group.pages.some((page) => isAdminPage(page.href, location)));
}
