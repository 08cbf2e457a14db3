import { useEffect } from "react";
import { msg } from "@lingui/core/macro";
import { i18n } from "@/lib/i18n";

const APP_NAME = "Veo Studio";

/** The tab title while no page names itself (index.html's, in the active language). */
export const DEFAULT_DOCUMENT_TITLE = msg`Veo Studio – AI video with sound`;

/** A page's tab title: "{title} · Veo Studio". */
export const documentTitle = (title: string) => `${title} · ${APP_NAME}`;

/**
 * Sets the tab title to "{title} · Veo Studio" while the page is shown; afterwards the default
 * title, in the language active then (never a title kept from before a change of language).
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
    return () => {
      document.title = i18n._(DEFAULT_DOCUMENT_TITLE);
    };
  }, [title]);
}
