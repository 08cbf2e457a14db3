import { Link, useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { LanguageSwitch } from "@/features/language";
import { cn } from "@/lib/cn";
import { LazyAdminMenu } from "./lazy-admin-menu";
import type { NavLink } from "./nav-links";

export const MOBILE_MENU_ID = "mobile-menu";

/**
 * The links of the header for small screens (an admin's Admin menu after them), and the language
 * switch the header has no room for there; any click on a link closes the menu.
 */
export function MobileNav({
  links,
  admin,
  onNavigate,
}: {
  links: readonly NavLink[];
  admin: boolean;
  onNavigate: () => void;
}) {
  const { t } = useLingui();
  const [location] = useLocation();
  return (
    <nav
      id={MOBILE_MENU_ID}
      aria-label={t`Mobile`}
      className="animate-slide-down border-t border-border bg-background/95 backdrop-blur-xl lg:hidden"
    >
      <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
        {links.map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={location === href ? "page" : undefined}
              onClick={onNavigate}
              className={(active) =>
                cn(
                  "flex items-center gap-3 rounded-lg px-3 py-3 text-base font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  active
                    ? "bg-surface-raised text-foreground"
                    : "text-zinc-300 hover:bg-surface-raised hover:text-foreground",
                )
              }
            >
              <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
              {t(label)}
            </Link>
          </li>
        ))}
        {admin && (
          <li>
            <LazyAdminMenu place="mobile" />
          </li>
        )}
        <li className="px-3 pt-2 sm:hidden">
          <LanguageSwitch id="mobile-language-switch" className="w-full [&>select]:w-full" />
        </li>
      </ul>
    </nav>
  );
}
