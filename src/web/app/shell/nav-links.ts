import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Clapperboard, Code, Compass, House, Images, Mail, Tag, type LucideIcon } from "lucide-react";

export interface NavLink {
  href: string;
  /** Rendered with `t(label)` in the active language. */
  label: MessageDescriptor;
  icon: LucideIcon;
}

/** Header links for everyone, signed in or not; an admin has the Admin menu after them (admin-menu.tsx). */
export const MAIN_NAV_LINKS: readonly NavLink[] = [
  { href: "/", label: msg`Home`, icon: House },
  { href: "/generate", label: msg`Generate`, icon: Clapperboard },
  { href: "/explore", label: msg`Explore`, icon: Compass },
  { href: "/pricing", label: msg`Pricing`, icon: Tag },
  { href: "/my-creations", label: msg`My Creations`, icon: Images },
  { href: "/api", label: msg`API`, icon: Code },
  { href: "/contact", label: msg`Contact`, icon: Mail },
];
