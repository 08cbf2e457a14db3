import { lazy, Suspense, type ComponentType } from "react";
import { Route, Switch } from "wouter";
import { AppShell } from "@/app/shell/app-shell";
import { AreaBoundary, type Area } from "@/app/shell/error-boundaries";
import { PageLoading } from "@/components/ui/page-loading";
import { needCatalog, type CatalogName } from "@/lib/i18n";
import { AdminGate } from "@/app/shell/admin-gate";
import { NotFoundPage } from "@/pages/not-found-page";
import { SPA_ROUTES, type SpaRoute } from "../../shared/routes";
import { wireLiveUpdates } from "./live-wiring";

wireLiveUpdates();

/** A page fetched on demand together with the catalogues its words are in (lingui.config.ts). */
function page(load: () => Promise<ComponentType>, catalogs: CatalogName[] = ["app"]): ComponentType {
  return lazy(() =>
    Promise.all([load(), ...catalogs.map(needCatalog)]).then(([component]) => ({ default: component })),
  );
}

/**
 * The admin pages' code (src/web/features/admin) is in chunks no other page imports, and the
 * gate decides before the chunk is requested: visitors and users never download it.
 */
function adminOnly(load: () => Promise<ComponentType>): ComponentType {
  const Page = page(load, ["app", "admin"]);
  return function AdminOnlyPage() {
    return (
      <AdminGate>
        <Page />
      </AdminGate>
    );
  };
}

/** The landing page's code, fetched early when the page is the landing page (main.tsx). */
export const loadLandingPage = () => import("@/pages/landing-page").then((m) => ({ default: m.LandingPage }));

const LandingPage = lazy(loadLandingPage);

/**
 * One line per page (loaded on demand). The keys are exactly SPA_ROUTES, the list the server
 * answers with 200, so a page cannot exist on one side only.
 */
const PAGES: Record<SpaRoute, ComponentType> = {
  "/": LandingPage,
  "/en": LandingPage,
  "/vi": LandingPage,
  "/generate": page(() => import("@/pages/generate-page").then((m) => m.GeneratePage)),
  "/pricing": page(() => import("@/pages/pricing-page").then((m) => m.PricingPage)),
  "/explore": page(() => import("@/pages/explore-page").then((m) => m.ExplorePage)),
  "/purchase-credits": page(() => import("@/pages/purchase-credits-page").then((m) => m.PurchaseCreditsPage)),
  "/my-creations": page(() => import("@/pages/my-creations-page").then((m) => m.MyCreationsPage)),
  "/api": page(() => import("@/pages/api-page").then((m) => m.ApiPage)),
  "/contact": page(() => import("@/pages/contact-page").then((m) => m.ContactPage)),
  "/terms": page(() => import("@/pages/legal-page").then((m) => m.TermsPage)),
  "/privacy": page(() => import("@/pages/legal-page").then((m) => m.PrivacyPage)),
  "/refunds": page(() => import("@/pages/legal-page").then((m) => m.RefundsPage)),
  "/login": page(() => import("@/pages/login-page").then((m) => m.LoginPage), []),
  "/forgot-password": page(() => import("@/pages/forgot-password-page").then((m) => m.ForgotPasswordPage)),
  "/reset-password": page(() => import("@/pages/reset-password-page").then((m) => m.ResetPasswordPage)),
  "/verify-email": page(() => import("@/pages/verify-email-page").then((m) => m.VerifyEmailPage)),
  "/confirm-email": page(() => import("@/pages/confirm-email-page").then((m) => m.ConfirmEmailPage)),
  "/cancel-email-change": page(() => import("@/pages/cancel-email-change-page").then((m) => m.CancelEmailChangePage)),
  "/my-account": page(() => import("@/pages/my-account-page").then((m) => m.MyAccountPage)),
  "/account/security": page(() => import("@/pages/security-page").then((m) => m.SecurityPage)),
  "/second-factor": page(() => import("@/pages/second-factor-page").then((m) => m.SecondFactorPage)),
  "/receipts/:orderId": page(() => import("@/pages/receipt-page").then((m) => m.ReceiptPage)),
  "/unsubscribe": page(() => import("@/pages/unsubscribe-page").then((m) => m.UnsubscribePage)),
  "/oauth/authorize": page(() => import("@/pages/oauth-authorize-page").then((m) => m.OAuthAuthorizePage)),
  "/admin": adminOnly(() => import("@/pages/admin-page").then((m) => m.AdminPage)),
  "/admin/users": adminOnly(() => import("@/pages/admin-users-page").then((m) => m.AdminUsersPage)),
  "/admin/users/:userId": adminOnly(() => import("@/pages/admin-user-page").then((m) => m.AdminUserPage)),
  "/admin/settings": adminOnly(() => import("@/pages/admin-settings-page").then((m) => m.AdminSettingsPage)),
  "/admin/settings/:section": adminOnly(() =>
    import("@/pages/admin-settings-section-page").then((m) => m.AdminSettingsSectionPage),
  ),
  "/admin/audit": adminOnly(() => import("@/pages/admin-audit-page").then((m) => m.AdminAuditPage)),
  "/admin/mail": adminOnly(() => import("@/pages/admin-mail-page").then((m) => m.AdminMailPage)),
  "/admin/moderation": adminOnly(() => import("@/pages/admin-moderation-page").then((m) => m.AdminModerationPage)),
  "/admin/codes": adminOnly(() => import("@/pages/admin-codes-page").then((m) => m.AdminCodesPage)),
  "/admin/explore": adminOnly(() => import("@/pages/admin-explore-page").then((m) => m.AdminExplorePage)),
  "/history": adminOnly(() => import("@/pages/history-page").then((m) => m.HistoryPage)),
};

/**
 * The router's areas, each behind its own error boundary (decision 0037): a page that fails to
 * render, or whose code is gone after a deploy, shows a notice inside the shell.
 */
const AREAS: Record<SpaRoute, Area> = {
  "/": "public",
  "/en": "public",
  "/vi": "public",
  "/pricing": "public",
  "/explore": "public",
  "/contact": "public",
  "/terms": "public",
  "/privacy": "public",
  "/refunds": "public",
  "/login": "public",
  "/forgot-password": "public",
  "/reset-password": "public",
  "/verify-email": "public",
  "/confirm-email": "public",
  "/cancel-email-change": "public",
  "/generate": "creator",
  "/purchase-credits": "creator",
  "/my-creations": "creator",
  "/my-account": "creator",
  "/account/security": "creator",
  "/second-factor": "public",
  "/receipts/:orderId": "creator",
  "/unsubscribe": "public",
  "/oauth/authorize": "api",
  "/api": "api",
  "/admin": "admin",
  "/admin/users": "admin",
  "/admin/users/:userId": "admin",
  "/admin/settings": "admin",
  "/admin/settings/:section": "admin",
  "/admin/audit": "admin",
  "/admin/mail": "admin",
  "/admin/moderation": "admin",
  "/admin/codes": "admin",
  "/admin/explore": "admin",
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
