import { useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "wouter";
import { ADMIN_GROUPS, adminGroupOf, isAdminPage } from "@/lib/admin-sections";
import { cn } from "@/lib/cn";

/**
 * The admin pages' tabs (decision 0147): one per group, leading to its first page, the current
 * group's marked; under them, the current group's pages when it has several.
 */
export function AdminSectionsNav() {
  const { t } = useLingui();
  const [location] = useLocation();
  const currentGroup = adminGroupOf(location);
  const several = currentGroup && currentGroup.pages.length > 1 ? currentGroup : undefined;
  return (
    <nav aria-label={t`Admin sections`} className="-mb-2 grid gap-3">
      <ul className="flex gap-1 overflow-x-auto border-b border-border">
        {ADMIN_GROUPS.map((group) => {
          const current = group === currentGroup;
          const [first] = group.pages;
          if (!first) return null;
          return (
            <li key={first.href}>
              <Link
                href={first.href}
                // A group of one page is that page; a larger group holds the current page.
                aria-current={current ? (group.pages[1] ? "true" : "page") : undefined}
                className={cn(
                  "-mb-px inline-block whitespace-nowrap border-b-2 px-2 py-2 text-sm font-medium transition-colors sm:px-3",
                  current
                    ? "border-fuchsia-400 text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {t(group.label)}
              </Link>
            </li>
          );
        })}
      </ul>
      {several && (
        <ul aria-label={t(several.label)} className="flex flex-wrap gap-1.5">
          {several.pages.map((page) => {
            const here = isAdminPage(page.href, location);
            return (
              <li key={page.href}>
                <Link
                  href={page.href}
                  aria-current={here ? "page" : undefined}
                  className={cn(
                    "inline-block whitespace-nowrap rounded-full border px-3 py-1 text-sm transition-colors",
                    here
                      ? "border-fuchsia-400/60 bg-fuchsia-500/10 text-foreground"
                      : "border-border text-muted-foreground hover:border-zinc-600 hover:text-foreground",
                  )}
                >
                  {t(page.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
