import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { I18nProvider } from "@lingui/react";
import { App, loadLandingPage } from "./app/app";
import { AppBoundary } from "./app/shell/error-boundaries";
import { persistCurrentUser } from "./features/auth/current-user-cache";
import { focusedBeforeTakeOver, replayEarlyInput } from "./lib/early-input";
import { activateLocale, i18n } from "./lib/i18n";
import { initialLocale } from "./lib/locale-preference";
import { landingPathLocale } from "../shared/i18n";
import { queryClient } from "./lib/query-client";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

// The signed-in user of the last visit paints the header at once; the server then confirms it.
persistCurrentUser(queryClient);

/** Done once the app has drawn its first frame: what was clicked on the pre-rendered page is done again. */
function TookOver({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

function render() {
  const focused = focusedBeforeTakeOver(container!);
  const replay = () => replayEarlyInput(container!, focused);
  createRoot(container!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <AppBoundary>
          <QueryClientProvider client={queryClient}>
            <App />
            <TookOver onCommit={replay} />
          </QueryClientProvider>
        </AppBoundary>
      </I18nProvider>
    </StrictMode>,
  );
}

/** The catalogue could not be fetched (the site was updated since this page was): no words to show but these. */
function catalogueMissing() {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- shown when no catalogue could load, in both languages
  container!.textContent = "This page could not be loaded: please reload it. · Không tải được trang: vui lòng tải lại.";
}

// The first paint is in the person's language, so its catalogue comes first. The landing page's
// HTML is already there (pre-rendered): its code comes with the catalogue, so that the app takes
// over that HTML without showing the loading state in between.
const path = window.location.pathname;
const isLanding = path === "/" || landingPathLocale(path) !== null;
Promise.all([activateLocale(initialLocale()), isLanding ? loadLandingPage() : null]).then(render, catalogueMissing);
