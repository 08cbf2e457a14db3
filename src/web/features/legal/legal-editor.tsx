/**
 * The admin's editor of the legal pages (decision 0079), a section of /admin/settings: each page
 * in each language, written in Markdown with a preview. A text the admin has not saved yet is
 * the product's starting text and is marked so; saving it (changed or not) marks it reviewed.
 */
import { useState } from "react";
import { ExternalLink, LoaderCircle, RotateCcw, Save } from "lucide-react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LOCALES, type Locale } from "../../../shared/i18n";
import { LEGAL_PAGES, LEGAL_PAGE_PATHS, type LegalPage } from "../../../shared/legal-pages";
import type { AdminLegalText } from "../../../shared/schemas/legal";
import { LEGAL_PAGE_TITLES } from "@/lib/legal-page-names";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useAdminLegalTexts, useSaveLegalText } from "./legal-api";
import { LegalMarkdown } from "./legal-markdown";

/** Each language named in itself, as the language menu does. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a language's own name is never translated
const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", vi: "Tiếng Việt" };

const keyOf = (page: LegalPage, locale: Locale) => `${page}.${locale}`;

interface TextEditorProps {
  text: AdminLegalText;
  maxLength: number;
  /** The admin's unsaved text; undefined while it is what is stored. */
  draft: string | undefined;
  onDraftChange: (draft: string | undefined) => void;
}

function TextEditor({ text, maxLength, draft: edited, onDraftChange }: TextEditorProps) {
  const { t } = useLingui();
  const draft = edited ?? text.markdown;
  const setDraft = (value: string) => onDraftChange(value === text.markdown ? undefined : value);
  const [view, setView] = useState("write");
  const save = useSaveLegalText();
  const length = draft.length;
  const tooLong = length > maxLength;
  const blank = draft.trim() === "";
  const changed = draft !== text.markdown;
  const count = formatNumber(length);
  const max = formatNumber(maxLength);
  const fieldId = `legal-${text.page}-${text.locale}`;
  const saved = text.updatedAt ? formatDateTime(text.updatedAt) : "";

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {text.startingText ? (
          <Badge variant="warning">
            <Trans>Starting text: review it before you sell</Trans>
          </Badge>
        ) : (
          <Badge variant="success">
            <Trans>Saved {saved}</Trans>
          </Badge>
        )}
        <a
          href={LEGAL_PAGE_PATHS[text.page]}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 rounded-sm text-sm text-violet-300 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ExternalLink className="size-3.5" aria-hidden="true" />
          <Trans>Open the page</Trans>
        </a>
      </div>
      {text.startingText ? (
        <p className="text-sm text-muted-foreground">
          <Trans>
            We wrote this text for a small business selling video credits. Read it, change what does not fit your
            business, and save it: customers see the starting text until you do.
          </Trans>
        </p>
      ) : null}
      <Tabs value={view} onValueChange={setView}>
        <TabsList className="w-full sm:w-72">
          <TabsTrigger value="write">
            <Trans>Write</Trans>
          </TabsTrigger>
          <TabsTrigger value="preview">
            <Trans>Preview</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="write" className="mt-3 grid gap-1.5">
          <Label htmlFor={fieldId}>
            <Trans>Text in Markdown</Trans>
          </Label>
          <Textarea
            id={fieldId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            rows={18}
            spellCheck
            aria-invalid={tooLong || blank ? true : undefined}
            aria-describedby={`${fieldId}-count`}
            className="font-mono text-xs sm:text-sm"
          />
          <p id={`${fieldId}-count`} className={cn("text-xs", tooLong ? "text-red-400" : "text-muted-foreground")}>
            {tooLong ? (
              <Trans>
                {count} of at most {max} characters: shorten the text to save it.
              </Trans>
            ) : (
              <Trans>
                {count} of at most {max} characters. ## starts a section, - a list item, [words](https://…) a link. HTML
                is shown as text.
              </Trans>
            )}
          </p>
        </TabsContent>
        <TabsContent
          value="preview"
          className="mt-3 rounded-xl border border-border bg-zinc-950/40 p-4 sm:p-6"
          aria-label={t`Preview`}
        >
          <LegalMarkdown markdown={draft} />
        </TabsContent>
      </Tabs>
      {save.isError ? (
        <p role="alert" className="text-sm text-red-400">
          {errorMessage(save.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={draft === text.startingMarkdown}
          onClick={() => setDraft(text.startingMarkdown)}
        >
          <RotateCcw aria-hidden="true" />
          <Trans>Restore the starting text</Trans>
        </Button>
        <Button
          type="button"
          disabled={save.isPending || tooLong || blank || (!changed && !text.startingText)}
          onClick={() =>
            save.mutate(
              { page: text.page, locale: text.locale, markdown: draft },
              { onSuccess: () => onDraftChange(undefined) },
            )
          }
        >
          {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
          {text.startingText && !changed ? <Trans>Keep this text</Trans> : <Trans>Save page</Trans>}
        </Button>
      </div>
    </div>
  );
}

export function LegalPagesEditor() {
  const { t, i18n } = useLingui();
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
            <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
              <ToggleGroup
                type="single"
                value={page}
                // A click on the chosen one would clear it: a page stays chosen.
                onValueChange={(value) => value && setPage(value as LegalPage)}
                aria-label={t`Page`}
              >
                {LEGAL_PAGES.map((p) => {
                  const starting = texts.data.texts.some((x) => x.page === p && x.startingText);
                  return (
                    <ToggleGroupItem
                      key={p}
                      value={p}
                      className="h-auto min-h-9 min-w-0 whitespace-normal px-2 py-1.5 text-center leading-tight"
                    >
                      {i18n._(LEGAL_PAGE_TITLES[p])}
                      {starting ? (
                        <span className="size-1.5 shrink-0 rounded-full bg-amber-400" aria-hidden="true" />
                      ) : null}
                    </ToggleGroupItem>
                  );
                })}
              </ToggleGroup>
              <ToggleGroup
                type="single"
                value={locale}
                onValueChange={(value) => value && setLocale(value as Locale)}
                aria-label={t`Language`}
              >
                {LOCALES.map((l) => (
                  <ToggleGroupItem key={l} value={l} lang={l}>
                    {LANGUAGE_NAMES[l]}
                  </ToggleGroupItem>
                ))}
              </ToggleGroup>
            </div>
            {text ? (
              <TextEditor
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
