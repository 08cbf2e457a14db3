import { useEffect } from "react";
import { useLocation } from "wouter";
import { settingsHref, sectionOfAnchor } from "../../shared/settings-sections";
import { PageLoading } from "@/components/ui/page-loading";

/**
 * /admin/settings: the settings are in sections at their own addresses (decision 0148); this opens
 * the first, or the one holding the card an older link names (/admin/settings#contact-title).
 */
export function AdminSettingsPage() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    const section = sectionOfAnchor(anchor);
    navigate(`${settingsHref(section)}${anchor ? `#${anchor}` : ""}`, { replace: true });
  }, [navigate]);
  return <PageLoading />;
}
