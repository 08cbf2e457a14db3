import { Link, useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { LazyAdminMenu } from "./lazy-admin-menu";
import type { NavLink } from "./nav-links";

/** The header's links on wide screens (Home left to the logo below 1280 px), and an admin's Admin menu after them. */
export function DesktopNav({ links, admin }: { links: readonly NavLink[]; admin: boolean }) {
  const { t } = useLingui();
  const [location] = useLocation();
  return (
    <nav aria-label={t`Main`} className="hidden items-center gap-1 lg:flex">
      {links.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          aria-current={location === link.href ? "page" : undefined}
          className={(active) =>
            cn(
              "whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:max-xl:px-2",
              // Between 1024 and 1280 px the logo leads home: seven links and the menus fit on one line.
              link.href === "/" && "lg:max-xl:hidden",
              active
                ? "bg-surface-raised text-foreground"
                : "text-muted-foreground hover:bg-surface-raised/60 hover:text-foreground",
            )
          }
        >
          {t(link.label)}
        </Link>
      ))}
      {admin && <LazyAdminMenu place="desktop" />}
    </nav>
  );
}
