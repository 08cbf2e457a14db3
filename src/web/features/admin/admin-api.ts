/** The /admin page's calls (the credit packages' are in packages-api.ts). Every save toasts with its fixed titles (decision 0024) and refreshes what it changed. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { adminVendorAccountsApi } from "../../../shared/api/admin-vendor-accounts";
import { adminSettingsApi } from "../../../shared/api/admin-settings";
import { adminUsersApi } from "../../../shared/api/admin-users";
import { adminVideosApi } from "../../../shared/api/admin-videos";
import type { RecheckReport } from "../../../shared/schemas/admin-recovery";
import type { vendorAccountCreateSchema } from "../../../shared/schemas/vendor-accounts";
import type { settingsUpdateSchema, telegramSettingsSchema } from "../../../shared/schemas/settings";
import { call, callQuery, errorMessage } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { adminQueryKeys } from "./admin-query-keys";
import { toast } from "@/hooks/use-toast";
import { isBelowCostRefusal } from "./below-cost-confirmation";
import { refreshUsers } from "./users/users-api";

const refresh = (...keys: (readonly string[])[]) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/** The spec's failure toast, with the server's reason after it so the admin can act (read in the language active when it fails). */
const failed = (title: MessageDescriptor, fallback: MessageDescriptor) => (error: unknown) =>
  // A sale below cost is asked about in a dialog (below-cost-confirmation.tsx), not toasted.
  isBelowCostRefusal(error) ||
  toast({ title: i18n._(title), description: `${i18n._(fallback)}: ${errorMessage(error)}`, variant: "destructive" });

/** Each query reads its route's contract (its key is the contract's URL); signed out is an error here (the admin gate), never null. */
export const useAdminSettings = () =>
  useQuery({ queryKey: adminQueryKeys.settings, queryFn: callQuery(adminSettingsApi.get), staleTime: 0 });
export const useVendorAccounts = () =>
  useQuery({ queryKey: adminQueryKeys.vendorAccounts, queryFn: callQuery(adminVendorAccountsApi.list), staleTime: 0 });
export const useVideoStorage = () =>
  useQuery({ queryKey: adminQueryKeys.videoStorage, queryFn: callQuery(adminVideosApi.storage), staleTime: 0 });

/** PUT /api/admin/settings with any subset of fields ('Save Other Settings'). */
export function useSaveSettings() {
  return useMutation({
    mutationFn: (patch: z.input<typeof settingsUpdateSchema>) => call(adminSettingsApi.update, { body: patch }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(adminQueryKeys.settings, settings);
      toast({ title: t`Settings updated` });
      refresh(
        queryKeys.pricing,
        queryKeys.models,
        queryKeys.payments.methods,
        queryKeys.payments.paypalSetup,
        adminQueryKeys.videoStorage,
        queryKeys.contact,
        adminQueryKeys.setup,
      );
    },
    onError: failed(msg`Update failed`, msg`Failed to update settings`),
  });
}

export function useSaveTelegram() {
  return useMutation({
    mutationFn: (body: z.input<typeof telegramSettingsSchema>) => call(adminSettingsApi.setTelegram, { body }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(adminQueryKeys.settings, settings);
      toast({ title: t`Telegram Settings Updated` });
    },
    onError: failed(msg`Update failed`, msg`Failed to update Telegram settings`),
  });
}

export function useTestTelegram() {
  return useMutation({
    mutationFn: () => call(adminSettingsApi.testTelegram),
    onSuccess: () => toast({ title: t`Telegram Test Sent`, description: t`Test message sent to Telegram` }),
    onError: failed(msg`Telegram Test Failed`, msg`Failed to send test message`),
  });
}

export function useSaveVendorAccount(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: z.input<typeof vendorAccountCreateSchema> }) =>
      id
        ? call(adminVendorAccountsApi.update, { params: { id }, body })
        : call(adminVendorAccountsApi.create, { body }),
    onSuccess: () => {
      toast({ title: t`KIE API saved` });
      onSaved();
    },
    onError: failed(msg`Save failed`, msg`Failed to save KIE API`),
    onSettled: () => refresh(adminQueryKeys.vendorAccounts, queryKeys.pricing),
  });
}

export function useDeleteVendorAccount(onDone: () => void) {
  return useMutation({
    mutationFn: (id: string) => call(adminVendorAccountsApi.delete, { params: { id } }),
    onSuccess: () => {
      toast({ title: t`KIE API deleted` });
      onDone();
    },
    onError: failed(msg`Delete failed`, msg`Failed to delete KIE API`),
    onSettled: () => refresh(adminQueryKeys.vendorAccounts, queryKeys.pricing),
  });
}

export function useCheckKieBalance() {
  return useMutation({
    mutationFn: (id: string) => call(adminVendorAccountsApi.checkCredits, { params: { id } }),
    onSuccess: ({ kieApi }) => {
      const credits = kieApi.totalCredits;
      toast({
        title: t`Balance updated`,
        description: t`KIE reports ${plural(credits, { one: "# credit", other: "# credits" })}`,
      });
    },
    onError: failed(msg`Check Failed`, msg`Failed to check the KIE balance`),
    onSettled: () => refresh(adminQueryKeys.vendorAccounts),
  });
}

/** What a re-check found, as the server words it in its `message`, in the active language. */
function recheckSummary(r: RecheckReport): string {
  if (r.checked === 0) return t`No failed videos in the last 24 hours`;
  const { checked, recovered, stillFailed, unchecked, chargedAgain, refundsKept } = r;
  const parts = [
    plural(checked, {
      one: `Checked # failed video: ${recovered} recovered, ${stillFailed} still failed`,
      other: `Checked # failed videos: ${recovered} recovered, ${stillFailed} still failed`,
    }),
  ];
  if (unchecked > 0) parts.push(t`${unchecked} could not be checked`);
  if (chargedAgain > 0) parts.push(plural(chargedAgain, { one: "# refund taken back", other: "# refunds taken back" }));
  if (refundsKept > 0) {
    parts.push(
      plural(refundsKept, {
        one: "# refund left with users who had spent the credits",
        other: "# refunds left with users who had spent the credits",
      }),
    );
  }
  return parts.join("; ");
}

export const useRecheckFailed = () =>
  useMutation({
    mutationFn: () => call(adminVideosApi.recheckFailed),
    onSuccess: (report) => toast({ title: t`Video Recovery Completed`, description: recheckSummary(report) }),
    onError: failed(msg`Recovery Failed`, msg`Failed to recover videos`),
    onSettled: refreshUsers,
  });
export const useDeleteFailed = () =>
  useMutation({
    mutationFn: () => call(adminVideosApi.deleteFailed),
    onSuccess: ({ deleted }) =>
      toast({
        title: t`Failed Videos Deleted`,
        description:
          deleted === 0
            ? t`No failed videos to delete`
            : plural(deleted, { one: "Deleted # failed video", other: "Deleted # failed videos" }),
      }),
    onError: failed(msg`Delete Failed`, msg`Failed to delete videos`),
    onSettled: refreshUsers,
  });

export function useToggleUser() {
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      call(adminUsersApi.toggle, { params: { userId: id }, body: { isActive } }),
    onSuccess: () => toast({ title: t`User updated` }),
    onError: failed(msg`Update failed`, msg`Failed to update user`),
    onSettled: refreshUsers,
  });
}
