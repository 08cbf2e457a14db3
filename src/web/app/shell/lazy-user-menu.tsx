import { lazy, Suspense } from "react";
import { useLingui } from "@lingui/react/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { WidgetBoundary } from "./error-boundaries";
import { ReloadButton } from "./error-notices";
import { UserAvatar } from "@/components/ui/user-avatar";

const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

/**
 * The account menu's code (Radix dropdown, positioning) is fetched only for signed-in people.
 * Until it arrives the same avatar shows as a disabled button, so nothing moves and a click
 * waits for the real one. If its code cannot be fetched (a deploy removed it), a Reload button
 * takes its place.
 */
export function LazyUserMenu({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  return (
    <WidgetBoundary
      fallback={<ReloadButton variant="outline" size="sm" label={t`The account menu could not be loaded`} />}
    >
      <Suspense
        fallback={
          <button type="button" aria-label={t`Account menu`} disabled className="rounded-full">
            <UserAvatar username={user.username} />
          </button>
        }
      >
        <UserMenu user={user} />
      </Suspense>
    </WidgetBoundary>
  );
}
