import { Link, useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { LazyAdminMenu } from "./lazy-admin-menu";
import type { NavLink } from "./nav-links";

/** The header's links on wide screens, and an admin's Admin menu after them. */
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
              "rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
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
