/**
 * Changing the language (decision 0056): the app switches at once, the choice is remembered in
 * the browser (a cookie the server reads too) and, for signed-in people, on their account, so it
 * follows them to every device and survives signing in.
 */
import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLingui } from "@lingui/react";
import { t } from "@lingui/core/macro";
import type { CurrentUser } from "../../../shared/schemas/auth";
import { LANDING_PATHS, landingPathLocale, type Locale } from "../../../shared/i18n";
import { useCurrentUser } from "@/features/auth";
import { toast } from "@/hooks/use-toast";
import { call, errorMessage } from "@/lib/api";
import { activateLocale, activeLocale } from "@/lib/i18n";
import { rememberedLocale, rememberLocale } from "@/lib/locale-preference";
import { firstLoadKeys } from "@/lib/first-load-keys";

/** Stores the language on the signed-in account and in the cached current user. */
async function saveOnAccount(queryClient: QueryClient, language: Locale): Promise<void> {
  // The contract (and zod) is imported when needed: the header's language switch is on the first load.
  await call(() => import("../../../shared/api/account").then((m) => m.accountApi.language), { body: { language } });
  queryClient.setQueryData<CurrentUser | null>(firstLoadKeys.currentUser, (old) => (old ? { ...old, language } : old));
}

export function useLanguage(): { language: Locale; changeLanguage: (locale: Locale) => Promise<void> } {
  // Subscribes to the active language, so the switch shows a change made anywhere.
  useLingui();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();

  const changeLanguage = useCallback(
    async (locale: Locale) => {
      rememberLocale(locale);
      await activateLocale(locale);
      // The landing page has an address per language: show the one of the new language.
      if (landingPathLocale(location)) navigate(LANDING_PATHS[locale], { replace: true });
      if (!user || user.language === locale) return;
      try {
        await saveOnAccount(queryClient, locale);
      } catch (error) {
        toast({
          title: t`Your language could not be saved on your account`,
          description: errorMessage(error),
          variant: "destructive",
        });
      }
    },
    [location, navigate, queryClient, user],
  );

  return { language: activeLocale(), changeLanguage };
}

/**
 * Signing in brings the account's language; an account without one takes the language the
 * person chose before signing in. Mount once (the header does).
 */
export function useAccountLanguage(): void {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [location] = useLocation();
  // The account whose language was applied: once per sign-in, not on every answer.
  const synced = useRef<string | null>(null);
  const userId = user?.username ?? null;
  const accountLanguage = user?.language ?? null;

  useEffect(() => {
    if (!userId || synced.current === userId) return;
    synced.current = userId;
    if (accountLanguage) {
      // An address that names a language (/vi) wins on its own page.
      if (accountLanguage !== activeLocale() && !landingPathLocale(location)) {
        rememberLocale(accountLanguage);
        void activateLocale(accountLanguage);
      } else rememberLocale(accountLanguage);
      return;
    }
    const chosen = rememberedLocale();
    if (chosen) {
      // On failure it is tried again at the next sign-in; the browser keeps the choice meanwhile.
      saveOnAccount(queryClient, chosen).catch(() => undefined);
    }
  }, [userId, accountLanguage, location, queryClient]);
}
