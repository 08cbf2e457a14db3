/**
 * Renders web components the way main.tsx does: Lingui with a compiled catalogue, a QueryClient
 * (a new one per test, with the app's defaults) and wouter on an in-memory location.
 */
import type { ReactElement, ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { Locale } from "../../src/shared/i18n";
import { activateLocale, i18n, needCatalog, type CatalogName } from "@/lib/i18n";
import { queryClient as appQueryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";

/** Activates `locale` with the compiled catalogues the code under test finds its words in. */
export async function useLocale(locale: Locale, ...catalogs: CatalogName[]): Promise<void> {
  await Promise.all(catalogs.map((name) => needCatalog(name)));
  await activateLocale(locale);
}

/**
 * A client with the app's defaults (no retries, nothing stale), its own cache. Prompt help's offer
 * (decision 0160) is known as off, so a generator under test asks nothing for it; prompt help's own
 * tests take it out (withoutPromptHelpOffer).
 */
export function newQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  client.setQueryData(queryKeys.promptHelp, { enabled: false, webCredits: 0 });
  return client;
}

/** A client that asks the server whether prompt help is on. */
export function withoutPromptHelpOffer(client = newQueryClient()): QueryClient {
  client.removeQueries({ queryKey: queryKeys.promptHelp });
  return client;
}

export interface RenderOptions {
  path?: string;
  client?: QueryClient;
}

export function renderWeb(ui: ReactElement, { path = "/", client = newQueryClient() }: RenderOptions = {}) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router hook={location.hook}>{children}</Router>
      </QueryClientProvider>
    </I18nProvider>
  );
  return { ...render(ui, { wrapper }), user: userEvent.setup(), client, location };
}
