import { Clapperboard, Code, History, House, Images, Mail, ShieldCheck, Tag, type LucideIcon } from "lucide-react";

export interface NavLink {
  href: string;
  label: string;
  icon: LucideIcon;
}

/** Header links for everyone, signed in or not. */
export const MAIN_NAV_LINKS: readonly NavLink[] = [
  { href: "/", label: "Home", icon: House },
  { href: "/generate", label: "Generate", icon: Clapperboard },
  { href: "/pricing", label: "Pricing", icon: Tag },
  { href: "/my-creations", label: "My Creations", icon: Images },
  { href: "/api", label: "API", icon: Code },
  { href: "/contact", label: "Contact", icon: Mail },
];

/** Extra header links for administrators. */
export const ADMIN_NAV_LINKS: readonly NavLink[] = [
  { href: "/history", label: "History", icon: History },
  { href: "/admin", label: "Admin", icon: ShieldCheck },
];

export function navLinksFor(isAdmin: boolean): readonly NavLink[] {
  return isAdmin ? [...MAIN_NAV_LINKS, ...ADMIN_NAV_LINKS] : MAIN_NAV_LINKS;
}
