/** A legal page as everyone reads it (/terms, /privacy, /refunds; decision 0079): its title, when it was last changed, its text. */
import { useEffect } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { LegalPage } from "../../../shared/legal-pages";
import { LEGAL_PAGE_DESCRIPTIONS, LEGAL_PAGE_TITLES } from "@/lib/legal-page-names";
import { PageLoading } from "@/components/ui/page-loading";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { formatDate } from "@/lib/format";
import { activeLocale } from "@/lib/i18n";
import { LegalMarkdown } from "./legal-markdown";
import { useLegalText } from "./legal-api";

/** The head's description follows the page in the app too (the server's document has it from the start). */
function useMetaDescription(description: string): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const before = meta.content;
    meta.content = description;
    return () => {
      meta.content = before;
    };
  }, [description]);
}

export function LegalPageView({ page }: { page: LegalPage }) {
  const { i18n } = useLingui();
  const title = i18n._(LEGAL_PAGE_TITLES[page]);
  useDocumentTitle(title);
  useMetaDescription(i18n._(LEGAL_PAGE_DESCRIPTIONS[page]));
  const text = useLegalText(page, activeLocale());
  const updated = text.data?.updatedAt ? formatDate(text.data.updatedAt) : null;

  return (
    <article className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {updated ? (
          <p className="mt-2 text-sm text-muted-foreground">
            <Trans>Last updated {updated}</Trans>
          </p>
        ) : null}
      </header>
      {text.data ? (
        <LegalMarkdown markdown={text.data.markdown} />
      ) : text.isError ? (
        <p role="alert" className="text-muted-foreground">
          <Trans>This page could not be loaded. Please try again in a moment.</Trans>
        </p>
      ) : (
        <PageLoading />
      )}
    </article>
  );
}
