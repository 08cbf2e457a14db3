import { useLingui } from "@lingui/react/macro";
import { LOCALES, type Locale } from "../../../shared/i18n";
import { LEGAL_PAGES, type LegalPage } from "../../../shared/legal-pages";
import type { AdminLegalText } from "../../../shared/schemas/legal";
import { ToggleGroup, ToggleGroupItem } from "@/components/ui/toggle-group";
import { LEGAL_PAGE_TITLES } from "@/lib/legal-page-names";

/** Each language named in itself, as the language menu does. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a language's own name is never translated
const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", vi: "Tiếng Việt" };

/** Which legal page and which language to edit; a page still at its starting text has a dot. */
export function LegalTextPicker({
  texts,
  page,
  locale,
  onPageChange,
  onLocaleChange,
}: {
  texts: readonly AdminLegalText[];
  page: LegalPage;
  locale: Locale;
  onPageChange: (page: LegalPage) => void;
  onLocaleChange: (locale: Locale) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
      <ToggleGroup
        type="single"
        value={page}
        // A click on the chosen one would clear it: a page stays chosen.
        onValueChange={(value) => value && onPageChange(value as LegalPage)}
        aria-label={t`Page`}
      >
        {LEGAL_PAGES.map((p) => {
          const starting = texts.some((x) => x.page === p && x.startingText);
          return (
            <ToggleGroupItem
              key={p}
              value={p}
              className="h-auto min-h-9 min-w-0 whitespace-normal px-2 py-1.5 text-center leading-tight"
            >
              {i18n._(LEGAL_PAGE_TITLES[p])}
              {starting ? <span className="size-1.5 shrink-0 rounded-full bg-amber-400" aria-hidden="true" /> : null}
            </ToggleGroupItem>
          );
        })}
      </ToggleGroup>
      <ToggleGroup
        type="single"
        value={locale}
        onValueChange={(value) => value && onLocaleChange(value as Locale)}
        aria-label={t`Language`}
      >
        {LOCALES.map((l) => (
          <ToggleGroupItem key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
    </div>
  );
}
