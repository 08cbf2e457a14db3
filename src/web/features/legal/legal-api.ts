/** The legal pages' calls (decision 0079): a page's text for everyone, the admin's list and save. */
import { msg, t } from "@lingui/core/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import { legalApi } from "../../../shared/api/legal";
import type { Locale } from "../../../shared/i18n";
import type { LegalPage } from "../../../shared/legal-pages";
import type { AdminLegalText } from "../../../shared/schemas/legal";
import { call, callQuery, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

/** A page in the given language (the active one on the public page). */
export function useLegalText(page: LegalPage, locale: Locale) {
  return useQuery({
    queryKey: queryKeys.legal.text(page, locale),
    queryFn: callQuery(legalApi.text, { params: { page, locale } }),
  });
}

interface AdminLegalTexts {
  maxLength: number;
  texts: AdminLegalText[];
}

export const useAdminLegalTexts = () =>
  useQuery({ queryKey: queryKeys.legal.admin, queryFn: callQuery(legalApi.adminList), staleTime: 0 });

const SAVE_FAILED = msg`The page could not be saved`;

/** PUT /api/admin/legal/:page/:locale; the public page shows the new text at once. */
export function useSaveLegalText() {
  return useMutation({
    mutationFn: ({ page, locale, markdown }: { page: LegalPage; locale: Locale; markdown: string }) =>
      call(legalApi.adminSave, { params: { page, locale }, body: { markdown } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.legal.text(saved.page, saved.locale), saved);
      // The editor shows the saved text at once, not the old one until the list is read again.
      queryClient.setQueryData(queryKeys.legal.admin, (list: AdminLegalTexts | undefined) =>
        list
          ? {
              ...list,
              texts: list.texts.map((x) =>
                x.page === saved.page && x.locale === saved.locale ? { ...x, ...saved } : x,
              ),
            }
          : list,
      );
      toast({ title: t`Page saved` });
    },
    onError: (error) => toast({ title: i18n._(SAVE_FAILED), description: errorMessage(error), variant: "destructive" }),
  });
}
