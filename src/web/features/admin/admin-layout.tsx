import type { ReactNode } from "react";
import { ShieldCheck } from "lucide-react";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { AdminSectionsNav } from "./admin-sections-nav";

/** Every admin page: its title, a line on what it is for (both already in the active language), and the tabs of the admin pages (decision 0052: each is its own page, so a link or a reload opens it again). */
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
  useDocumentTitle(title);
  // Each section is as wide as the column, never as its widest table: those scroll inside themselves.
  return (
    <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 content-start gap-6 px-4 py-10 sm:px-6 lg:py-14 [&>*]:min-w-0">
      <AdminSectionsNav />
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
