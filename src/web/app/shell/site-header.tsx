import { useState } from "react";
import { Link, useLocation } from "wouter";
import { LogIn, Menu, X } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoginHref } from "@/features/auth/next-after-sign-in";
import { useCurrentUser } from "@/features/auth/use-current-user";
import { Button } from "@/components/ui/button";
import { LanguageSwitch, useAccountLanguage } from "@/features/language";
import { BrandLogo } from "./brand-logo";
import { CreditsBadge } from "./credits-badge";
import { DesktopNav } from "./desktop-nav";
import { MOBILE_MENU_ID, MobileNav } from "./mobile-nav";
import { MAIN_NAV_LINKS } from "./nav-links";
import { LazyUserMenu } from "./lazy-user-menu";

export function SiteHeader() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  useAccountLanguage();
  const [location] = useLocation();
  // The menu belongs to the page it was opened on: any navigation (links, back button) closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location;
  const admin = user?.isAdmin === true;
  const closeMenu = () => setMenuOpenedAt(null);
  const loginHref = useLoginHref();

  return (
    <header
      className="sticky top-0 z-40 border-b border-border/70 bg-background/75 backdrop-blur-xl print:hidden"
      onKeyDown={(event) => {
        if (event.key === "Escape") closeMenu();
      }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <BrandLogo onClick={closeMenu} />
        <div className="flex flex-1 justify-center">
          <DesktopNav links={MAIN_NAV_LINKS} admin={admin} />
        </div>
        <div className="flex items-center gap-2 sm:gap-3">
          <LanguageSwitch className="hidden sm:inline-flex" />
          {user ? (
            <>
              <CreditsBadge credits={user.credits} expiring={user.expiring} />
              <LazyUserMenu user={user} />
            </>
          ) : (
            <Button asChild size="sm" className="h-9 px-4">
              <Link href={loginHref} onClick={closeMenu}>
                <LogIn aria-hidden="true" />
                <Trans>Sign In</Trans>
              </Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={t`Toggle menu`}
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpenedAt(menuOpen ? null : location)}
          >
            {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {menuOpen ? <MobileNav links={MAIN_NAV_LINKS} admin={admin} onNavigate={closeMenu} /> : null}
    </header>
  );
}
