import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Clapperboard, Code, History, House, Images, Mail, ShieldCheck, Tag, type LucideIcon } from "lucide-react";

export interface NavLink {
  href: string;
  /** Rendered with `t(label)` in the active language. */
  label: MessageDescriptor;
  icon: LucideIcon;
}

/** Header links for everyone, signed in or not. */
const MAIN_NAV_LINKS: readonly NavLink[] = [
  { href: "/", label: msg`Home`, icon: House },
  { href: "/generate", label: msg`Generate`, icon: Clapperboard },
  { href: "/pricing", label: msg`Pricing`, icon: Tag },
  { href: "/my-creations", label: msg`My Creations`, icon: Images },
  { href: "/api", label: msg`API`, icon: Code },
  { href: "/contact", label: msg`Contact`, icon: Mail },
];

/** Extra header links for administrators. */
const ADMIN_NAV_LINKS: readonly NavLink[] = [
  { href: "/history", label: msg`History`, icon: History },
  { href: "/admin", label: msg`Admin`, icon: ShieldCheck },
];

export function navLinksFor(isAdmin: boolean): readonly NavLink[] {
  return isAdmin ? [...MAIN_NAV_LINKS, ...ADMIN_NAV_LINKS] : MAIN_NAV_LINKS;
}
