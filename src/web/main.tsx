import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { App } from "./app";
import { AppBoundary } from "./components/layout/error-boundaries";
import { persistCurrentUser } from "./features/auth/current-user-cache";
import { queryClient } from "./lib/query-client";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

// The signed-in user of the last visit paints the header at once; the server then confirms it.
persistCurrentUser(queryClient);

createRoot(container).render(
  <StrictMode>
    <AppBoundary>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </AppBoundary>
  </StrictMode>,
);
