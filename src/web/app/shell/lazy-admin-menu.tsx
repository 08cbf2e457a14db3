import { lazy, Suspense } from "react";
import { Link, useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { adminGroupOf } from "@/lib/admin-sections";
import { adminMenuTriggerClass, type AdminMenuPlace } from "./admin-menu-trigger";
import { WidgetBoundary } from "./error-boundaries";

const AdminMenu = lazy(() => import("./admin-menu").then((m) => ({ default: m.AdminMenu })));

/**
 * The Admin menu's code (Radix dropdown, shared with the account menu) is fetched only for
 * admins. Until it arrives its button shows disabled; if it cannot be fetched, a link to the
 * overview takes its place, from where the admin pages' own tabs lead on.
 */
export function LazyAdminMenu({ place }: { place: AdminMenuPlace }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const className = adminMenuTriggerClass(place, adminGroupOf(location) !== undefined);
  return (
    <WidgetBoundary
      fallback={
        <Link href="/admin" className={className}>
          {t`Admin`}
        </Link>
      }
    >
      <Suspense
        fallback={
          <button type="button" disabled className={className}>
            {t`Admin`}
          </button>
        }
      >
        <AdminMenu place={place} />
      </Suspense>
    </WidgetBoundary>
  );
}
