import { Link, useLocation } from "wouter";
import { Check, ChevronDown, ShieldCheck } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ADMIN_GROUPS, adminGroupOf, isAdminPage } from "@/lib/admin-sections";
import { adminMenuTriggerClass, type AdminMenuPlace } from "./admin-menu-trigger";

/**
 * The header's one Admin entry (decision 0147): a menu of the admin pages in their groups. On an
 * admin page the button, the page's group and the page itself are marked.
 */
export function AdminMenu({ place }: { place: AdminMenuPlace }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const currentGroup = adminGroupOf(location);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-current={currentGroup ? "true" : undefined}
        className={adminMenuTriggerClass(place, currentGroup !== undefined)}
      >
        {place === "mobile" && <ShieldCheck className="size-5 text-muted-foreground" aria-hidden="true" />}
        {t`Admin`}
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align={place === "desktop" ? "end" : "start"}
        collisionPadding={8}
        className="max-h-[var(--radix-dropdown-menu-content-available-height)] overflow-y-auto"
        // Escape closes this menu only, not the phone's menu around its button.
        onKeyDown={(event) => event.key === "Escape" && event.stopPropagation()}
      >
        {ADMIN_GROUPS.map((group, index) => {
          const name = t(group.label);
          const current = group === currentGroup;
          const pages = group.inMenu ?? group.pages;
          return (
            <DropdownMenuGroup key={name} aria-label={name} aria-current={current ? "true" : undefined}>
              {index > 0 && <DropdownMenuSeparator />}
              {pages.length > 1 && (
                <DropdownMenuLabel
                  className={
                    current
                      ? "text-xs font-semibold uppercase tracking-wider text-fuchsia-300"
                      : "text-xs font-semibold uppercase tracking-wider text-muted-foreground"
                  }
                >
                  {name}
                </DropdownMenuLabel>
              )}
              {pages.map((page) => {
                const here = isAdminPage(page.href, location);
                return (
                  <DropdownMenuItem key={page.href} asChild>
                    <Link href={page.href} aria-current={here ? "page" : undefined}>
                      <span className="flex-1">{t(page.label)}</span>
                      {here && <Check aria-hidden="true" />}
                    </Link>
                  </DropdownMenuItem>
                );
              })}
            </DropdownMenuGroup>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
