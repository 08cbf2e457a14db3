import { Languages } from "lucide-react";
import { useLingui } from "@lingui/react/macro";
import { LOCALES, isLocale, type Locale } from "../../../shared/i18n";
import { cn } from "@/lib/cn";
import { useLanguage } from "./use-language";

/** Each language named in itself, as language menus do (the same in every language). */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a language's own name is never translated
const NATIVE_NAMES: Record<Locale, string> = { en: "English", vi: "Tiếng Việt" };

/** A small select of the languages (the header's and /my-account's). */
export function LanguageSwitch({ className, id = "language-switch" }: { className?: string; id?: string }) {
  const { t } = useLingui();
  const { language, changeLanguage } = useLanguage();
  return (
    <label className={cn("relative inline-flex items-center", className)} htmlFor={id}>
      <Languages className="pointer-events-none absolute left-2 size-4 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{t`Language`}</span>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void changeLanguage(next);
        }}
        className="h-9 appearance-none rounded-md border border-border bg-transparent py-1 pl-8 pr-3 text-sm text-foreground hover:bg-surface-raised focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale} className="bg-background">
            {NATIVE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
