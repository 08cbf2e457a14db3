/** The admin's mail (decision 0085): where it goes, the mail server card's saves and test, the outbox pages. */
import { msg, t } from "@lingui/core/macro";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminMailApi } from "../../../../shared/api/admin-mail";
import type { MailQuery } from "../../../../shared/schemas/admin-mail";
import type { mailSettingsUpdateSchema } from "../../../../shared/schemas/mail-fields";
import { call, callQuery, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { underPath } from "@/lib/query-keys";
import { adminQueryKeys } from "@/features/admin/admin-query-keys";
import { toast } from "@/hooks/use-toast";

export type MailStatusFilter = NonNullable<MailQuery["status"]>;

export const useMailStatus = () =>
  useQuery({ queryKey: adminQueryKeys.mailStatus, queryFn: callQuery(adminMailApi.status), staleTime: 0 });

/** The outbox with these filters, 50 a page, newest first ("Load older" follows nextCursor). */
export function useMailPages(filters: { status?: MailStatusFilter; to?: string }) {
  return useInfiniteQuery({
    queryKey: adminQueryKeys.mail(filters),
    queryFn: ({ pageParam, signal }) => call(adminMailApi.list, { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

export const useMailMessage = (id: string) =>
  useQuery({ queryKey: adminQueryKeys.mailMessage(id), queryFn: callQuery(adminMailApi.get, { params: { id } }) });

const refreshMail = () => {
  void queryClient.invalidateQueries({ predicate: underPath(adminQueryKeys.mailPath) });
  void queryClient.invalidateQueries({ queryKey: adminQueryKeys.setup });
};

const failed = (title: ReturnType<typeof msg>) => (error: unknown) =>
  toast({ title: i18n._(title), description: errorMessage(error), variant: "destructive" });

export function useSaveMailServer() {
  return useMutation({
    mutationFn: (body: z.input<typeof mailSettingsUpdateSchema>) => call(adminMailApi.setServer, { body }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(adminQueryKeys.settings, settings);
      toast({ title: t`Mail settings saved` });
      refreshMail();
    },
    onError: failed(msg`Mail settings not saved`),
  });
}

export function useSendTestMail() {
  return useMutation({
    mutationFn: (to: string) => call(adminMailApi.test, { body: { to } }),
    onSuccess: ({ outcome }, to) => {
      toast(
        outcome === "sent"
          ? { title: t`Test e-mail sent`, description: t`The mail server took the message for ${to}.` }
          : {
              title: t`Test e-mail kept`,
              description: t`No mail server is set: the message is in the Mail tab's local outbox.`,
            },
      );
      refreshMail();
    },
    onError: (error) => {
      failed(msg`Test e-mail failed`)(error);
      refreshMail();
    },
  });
}

export function useRetryMail() {
  return useMutation({
    mutationFn: (id: string) => call(adminMailApi.retry, { params: { id } }),
    onSuccess: () => {
      toast({ title: t`The message will be sent again` });
      refreshMail();
    },
    onError: failed(msg`The message could not be sent again`),
  });
}

/** A new reset or confirmation link to the account's own address (decision 0130). */
export function useSendNewLink() {
  return useMutation({
    mutationFn: (id: string) => call(adminMailApi.newLink, { params: { id } }),
    onSuccess: ({ outcome }) => {
      toast(
        outcome === "queued"
          ? { title: t`A new link is on its way`, description: t`It goes to the account's own address.` }
          : {
              title: t`New link kept in the outbox`,
              description: t`No mail server is set: the new link waits here, hidden too. Set a mail server so it reaches the person.`,
            },
      );
      refreshMail();
    },
    onError: failed(msg`No new link was sent`),
  });
}
