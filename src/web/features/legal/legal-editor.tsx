/**
 * The admin's editor of the legal pages (decision 0079), a section of /admin/settings: each page
 * in each language, written in Markdown with a preview. A text the admin has not saved yet is
 * the product's starting text and is marked so; saving it (changed or not) marks it reviewed.
 */
import { useState } from "react";
import { LoaderCircle } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Locale } from "../../../shared/i18n";
import type { LegalPage } from "../../../shared/legal-pages";
import { errorMessage } from "@/lib/api";
import { useAdminLegalTexts } from "./legal-api";
import { LegalTextEditor } from "./legal-text-editor";
import { LegalTextPicker } from "./legal-text-picker";

const keyOf = (page: LegalPage, locale: Locale) => `${page}.${locale}`;

export function LegalPagesEditor() {
  const { t } = useLingui();
  const texts = useAdminLegalTexts();
  const [page, setPage] = useState<LegalPage>("terms");
  const [locale, setLocale] = useState<Locale>("en");
  // Unsaved edits of every page and language, kept while the admin switches between them.
  const [drafts, setDrafts] = useState<Record<string, string | undefined>>({});
  const key = keyOf(page, locale);
  const reason = texts.isError ? errorMessage(texts.error) : "";
  const text = texts.data?.texts.find((x) => x.page === page && x.locale === locale);
  const toReview = texts.data?.texts.filter((x) => x.startingText).length ?? 0;

  return (
    <section
      id="legal-pages"
      aria-labelledby="legal-pages-title"
      className="rounded-2xl border border-border bg-surface/80 p-5 shadow-xl shadow-black/20 sm:p-6"
    >
      <h2 id="legal-pages-title" className="text-lg font-semibold tracking-tight">
        <Trans>Legal pages</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        <Trans>
          Terms of service, privacy policy and refund policy, in English and Vietnamese, linked from every page&apos;s
          footer, registration and payment.
        </Trans>{" "}
        {toReview > 0
          ? plural(toReview, {
              one: "# starting text is still to review.",
              other: "# starting texts are still to review.",
            })
          : null}
      </p>
      <div className="mt-5 grid gap-4">
        {texts.data ? (
          <>
            <LegalTextPicker
              texts={texts.data.texts}
              page={page}
              locale={locale}
              onPageChange={setPage}
              onLocaleChange={setLocale}
            />
            {text ? (
              <LegalTextEditor
                key={key}
                text={text}
                maxLength={texts.data.maxLength}
                draft={drafts[key]}
                onDraftChange={(draft) => setDrafts((all) => ({ ...all, [key]: draft }))}
              />
            ) : null}
          </>
        ) : texts.isError ? (
          <p role="alert" className="text-sm text-red-400">
            <Trans>The legal pages could not be loaded: {reason}</Trans>
          </p>
        ) : (
          <div className="flex justify-center py-6" role="status" aria-label={t`Loading the legal pages`}>
            <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
          </div>
        )}
      </div>
    </section>
  );
}
