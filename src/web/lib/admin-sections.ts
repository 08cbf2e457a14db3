/**
 * The admin area's pages in groups (decision 0147), in the `public` catalogue: the header's Admin
 * menu (every page) and the admin pages' own tabs both read them.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

interface AdminPageLink {
  href: string;
  label: MessageDescriptor;
}

interface AdminGroup {
  label: MessageDescriptor;
  /** The first one is where the group's tab leads. */
  pages: readonly AdminPageLink[];
}

export const ADMIN_GROUPS: readonly AdminGroup[] = [
  { label: msg`Overview`, pages: [{ href: "/admin", label: msg`Overview` }] },
  {
    label: msg`People`,
    pages: [
      { href: "/admin/users", label: msg`Users` },
      { href: "/admin/moderation", label: msg`Moderation` },
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
  { label: msg`Settings`, pages: [{ href: "/admin/settings", label: msg`Settings` }] },
];

/** Whether `location` is the page `href` or one below it (a user's page is under Users). */
export function isAdminPage(href: string, location: string): boolean {
  return href === "/admin" ? location === "/admin" : location === href || location.startsWith(`${href}/`);
}

/** The group the page at `location` belongs to, if it is an admin page. */
export function adminGroupOf(location: string): AdminGroup | undefined {
  return ADMIN_GROUPS.find((group) => group.pages.some((page) => isAdminPage(page.href, location)));
}
