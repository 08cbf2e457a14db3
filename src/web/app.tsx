import { lazy, Suspense, type ComponentType } from "react";
import { Route, Switch } from "wouter";
import { AppShell } from "@/components/layout/app-shell";
import { AreaBoundary, type Area } from "@/components/layout/error-boundaries";
import { PageLoading } from "@/components/layout/page-loading";
import { AdminGate } from "@/features/admin/admin-gate";
import { NotFoundPage } from "@/pages/not-found-page";
import { SPA_ROUTES, type SpaRoute } from "../shared/routes";

/**
 * The admin pages' code (src/web/features/admin) is in chunks no other page imports, and the
 * gate decides before the chunk is requested: visitors and users never download it.
 */
function adminOnly(Page: ComponentType): ComponentType {
  return function AdminOnlyPage() {
    return (
      <AdminGate>
        <Page />
      </AdminGate>
    );
  };
}

/**
 * One line per page (loaded on demand). The keys are exactly SPA_ROUTES, the list the server
 * answers with 200, so a page cannot exist on one side only.
 */
const PAGES: Record<SpaRoute, ComponentType> = {
  "/": lazy(() => import("@/pages/landing-page").then((m) => ({ default: m.LandingPage }))),
  "/generate": lazy(() => import("@/pages/generate-page").then((m) => ({ default: m.GeneratePage }))),
  "/pricing": lazy(() => import("@/pages/pricing-page").then((m) => ({ default: m.PricingPage }))),
  "/purchase-credits": lazy(() => import("@/pages/purchase-credits-page").then((m) => ({ default: m.PurchaseCreditsPage }))),
  "/my-creations": lazy(() => import("@/pages/my-creations-page").then((m) => ({ default: m.MyCreationsPage }))),
  "/api": lazy(() => import("@/pages/api-page").then((m) => ({ default: m.ApiPage }))),
  "/contact": lazy(() => import("@/pages/contact-page").then((m) => ({ default: m.ContactPage }))),
  "/login": lazy(() => import("@/pages/login-page").then((m) => ({ default: m.LoginPage }))),
  "/my-account": lazy(() => import("@/pages/my-account-page").then((m) => ({ default: m.MyAccountPage }))),
  "/admin": adminOnly(lazy(() => import("@/pages/admin-page").then((m) => ({ default: m.AdminPage })))),
  "/admin/users": adminOnly(lazy(() => import("@/pages/admin-users-page").then((m) => ({ default: m.AdminUsersPage })))),
  "/admin/users/:userId": adminOnly(lazy(() => import("@/pages/admin-user-page").then((m) => ({ default: m.AdminUserPage })))),
  "/admin/settings": adminOnly(lazy(() => import("@/pages/admin-settings-page").then((m) => ({ default: m.AdminSettingsPage })))),
  "/admin/audit": adminOnly(lazy(() => import("@/pages/admin-audit-page").then((m) => ({ default: m.AdminAuditPage })))),
  "/history": adminOnly(lazy(() => import("@/pages/history-page").then((m) => ({ default: m.HistoryPage })))),
};

/**
 * The router's areas, each behind its own error boundary (decision 0037): a page that fails to
 * render, or whose code is gone after a deploy, shows a notice inside the shell.
 */
const AREAS: Record<SpaRoute, Area> = {
  "/": "public",
  "/pricing": "public",
  "/contact": "public",
  "/login": "public",
  "/generate": "creator",
  "/purchase-credits": "creator",
  "/my-creations": "creator",
  "/my-account": "creator",
  "/api": "api",
  "/admin": "admin",
  "/admin/users": "admin",
  "/admin/users/:userId": "admin",
  "/admin/settings": "admin",
  "/admin/audit": "admin",
  "/history": "admin",
};

export function App() {
  return (
    <AppShell>
      <Suspense fallback={<PageLoading fillScreen />}>
        <Switch>
          {SPA_ROUTES.map((path) => {
            const Page = PAGES[path];
            return (
              <Route key={path} path={path}>
                <AreaBoundary area={AREAS[path]}>
                  <Page />
                </AreaBoundary>
              </Route>
            );
          })}
          <Route>
            <AreaBoundary area="public">
              <NotFoundPage />
            </AreaBoundary>
          </Route>
        </Switch>
      </Suspense>
    </AppShell>
  );
}
