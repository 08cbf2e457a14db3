import { useEffect } from "react";

const APP_NAME = "Veo Studio";

/** Sets the tab title to "{title} · Veo Studio" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
