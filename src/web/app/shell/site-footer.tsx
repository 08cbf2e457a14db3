import { Link } from "wouter";
import { Mail } from "lucide-react";
import { Trans, useLingui } from "@lingui/react/macro";
import { LEGAL_PAGES, LEGAL_PAGE_PATHS } from "../../../shared/legal-pages";
import { BrandLogo } from "./brand-logo";
import { LEGAL_PAGE_TITLES } from "@/lib/legal-page-names";

const FOOTER_LINK_CLASS =
  "rounded-md text-zinc-300 transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function SiteFooter() {
  const { t, i18n } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border/70 bg-background/60 print:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="grid gap-2">
          <BrandLogo />
          <p className="text-sm text-muted-foreground">
            <Trans>AI video generation with native sound.</Trans>
          </p>
        </div>
        <div className="flex flex-col gap-3 text-sm text-muted-foreground sm:items-end">
          <nav aria-label={t`Contact and policies`} className="flex flex-wrap gap-x-4 gap-y-2 sm:justify-end">
            <Link href="/contact" className={`inline-flex items-center gap-2 ${FOOTER_LINK_CLASS}`}>
              <Mail className="size-4" aria-hidden="true" />
              <Trans>Contact us</Trans>
            </Link>
            {LEGAL_PAGES.map((page) => (
              <Link key={page} href={LEGAL_PAGE_PATHS[page]} className={FOOTER_LINK_CLASS}>
                {i18n._(LEGAL_PAGE_TITLES[page])}
              </Link>
            ))}
          </nav>
          <p>
            <Trans>© {year} Veo Studio. All rights reserved.</Trans>
          </p>
        </div>
      </div>
    </footer>
  );
}
