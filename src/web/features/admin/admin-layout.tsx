import type { ReactNode } from "react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "wouter";
import { ShieldCheck } from "lucide-react";
import { cn } from "@/lib/cn";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** The admin area's sections (decision 0052): each is its own page, so a link or a reload opens it again. */
const SECTIONS = [
  { href: "/admin", label: msg`Overview` },
  { href: "/admin/users", label: msg`Users` },
  { href: "/history", label: msg`Transactions` },
  { href: "/admin/audit", label: msg`Audit Log` },
  { href: "/admin/mail", label: msg`Mail` },
  { href: "/admin/moderation", label: msg`Moderation` },
  { href: "/admin/settings", label: msg`Settings` },
] as const;

function isCurrent(href: string, location: string): boolean {
  return href === "/admin" ? location === "/admin" : location === href || location.startsWith(`${href}/`);
}

/** Every admin page: its title, a line on what it is for (both already in the active language), and the section links. */
export function AdminLayout({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  useDocumentTitle(title);
  const [location] = useLocation();
  // Each section is as wide as the column, never as its widest table: those scroll inside themselves.
  return (
    <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 content-start gap-6 px-4 py-10 sm:px-6 lg:py-14 [&>*]:min-w-0">
      <nav aria-label={t`Admin sections`} className="-mb-2 overflow-x-auto">
        <ul className="flex gap-1 border-b border-border">
          {SECTIONS.map((s) => {
            const current = isCurrent(s.href, location);
            return (
              <li key={s.href}>
                <Link
                  href={s.href}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "-mb-px inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium transition-colors",
                    current
                      ? "border-fuchsia-400 text-foreground"
                      : "border-transparent text-muted-foreground hover:text-foreground",
                  )}
                >
                  {t(s.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
            <ShieldCheck className="size-7 text-fuchsia-300" aria-hidden="true" />
            {title}
          </h1>
          <p className="mt-2 text-muted-foreground">{description}</p>
        </div>
        {actions}
      </header>
      {children}
    </div>
  );
}
