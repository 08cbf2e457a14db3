/** The /admin page's calls (the credit packages' are in packages-api.ts). Every save toasts with its fixed titles (decision 0024) and refreshes what it changed. */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural, t } from "@lingui/core/macro";
import { useMutation, useQuery } from "@tanstack/react-query";
import {
  deletedFailedVideosSchema,
  recheckReportSchema,
  type RecheckReport,
} from "../../../shared/schemas/admin-recovery";
import { videoStorageViewSchema } from "../../../shared/schemas/admin-video-storage";
import { adminUserSavedSchema } from "../../../shared/schemas/admin-users";
import { kieApiDeletedSchema, kieApiListSchema, kieApiSavedSchema } from "../../../shared/schemas/kie-apis";
import {
  adminSettingsSavedSchema,
  adminSettingsViewSchema,
  telegramTestResultSchema,
} from "../../../shared/schemas/settings";
import { apiCall, errorMessage, schemaQueryFn } from "@/lib/api";
import { formatCredits } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";
import { refreshUsers } from "./users-api";

const refresh = (...keys: (readonly string[])[]) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/** The spec's failure toast, with the server's reason after it so the admin can act (read in the language active when it fails). */
const failed = (title: MessageDescriptor, fallback: MessageDescriptor) => (error: unknown) =>
  toast({ title: i18n._(title), description: `${i18n._(fallback)}: ${errorMessage(error)}`, variant: "destructive" });

/** Reads a query's URL (its key) with the route's schema (decision 0040); signed out is an error here (the admin gate), never null. */
export const useAdminSettings = () =>
  useQuery({
    queryKey: queryKeys.admin.settings,
    queryFn: schemaQueryFn(adminSettingsViewSchema, queryKeys.admin.settings[0]),
    staleTime: 0,
  });
export const useKieApis = () =>
  useQuery({
    queryKey: queryKeys.admin.kieApis,
    queryFn: schemaQueryFn(kieApiListSchema, queryKeys.admin.kieApis[0]),
    staleTime: 0,
  });

export const useVideoStorage = () =>
  useQuery({
    queryKey: queryKeys.admin.videoStorage,
    queryFn: schemaQueryFn(videoStorageViewSchema, queryKeys.admin.videoStorage[0]),
    staleTime: 0,
  });

/** PUT /api/admin/settings with any subset of fields ('Save Other Settings'). */
export function useSaveSettings() {
  return useMutation({
    mutationFn: (patch: Record<string, unknown>) =>
      apiCall(adminSettingsSavedSchema, "PUT", "/api/admin/settings", patch),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKeys.admin.settings, settings);
      toast({ title: t`Settings updated` });
      refresh(
        queryKeys.pricing,
        queryKeys.payments.methods,
        queryKeys.payments.paypalSetup,
        queryKeys.admin.videoStorage,
      );
    },
    onError: failed(msg`Update failed`, msg`Failed to update settings`),
  });
}

export function useSaveTelegram() {
  return useMutation({
    mutationFn: (body: { telegramBotToken: string; telegramChatId: string }) =>
      apiCall(adminSettingsSavedSchema, "PUT", "/api/admin/settings/telegram", body),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKeys.admin.settings, settings);
      toast({ title: t`Telegram Settings Updated` });
    },
    onError: failed(msg`Update failed`, msg`Failed to update Telegram settings`),
  });
}

export function useTestTelegram() {
  return useMutation({
    mutationFn: () => apiCall(telegramTestResultSchema, "POST", "/api/test-telegram", {}),
    onSuccess: () => toast({ title: t`Telegram Test Sent`, description: t`Test message sent to Telegram` }),
    onError: failed(msg`Telegram Test Failed`, msg`Failed to send test message`),
  });
}

export function useSaveKieApi(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      apiCall(kieApiSavedSchema, id ? "PUT" : "POST", id ? `/api/admin/kie-apis/${id}` : "/api/admin/kie-apis", body),
    onSuccess: () => {
      toast({ title: t`KIE API saved` });
      onSaved();
    },
    onError: failed(msg`Save failed`, msg`Failed to save KIE API`),
    onSettled: () => refresh(queryKeys.admin.kieApis, queryKeys.pricing),
  });
}

export function useDeleteKieApi(onDone: () => void) {
  return useMutation({
    mutationFn: (id: string) => apiCall(kieApiDeletedSchema, "DELETE", `/api/admin/kie-apis/${id}`),
    onSuccess: () => {
      toast({ title: t`KIE API deleted` });
      onDone();
    },
    onError: failed(msg`Delete failed`, msg`Failed to delete KIE API`),
    onSettled: () => refresh(queryKeys.admin.kieApis, queryKeys.pricing),
  });
}

export function useCheckKieBalance() {
  return useMutation({
    mutationFn: (id: string) => apiCall(kieApiSavedSchema, "POST", `/api/admin/kie-apis/${id}/check-credits`, {}),
    onSuccess: ({ kieApi }) => {
      const credits = formatCredits(kieApi.totalCredits);
      toast({ title: t`Balance updated`, description: t`KIE reports ${credits} credits` });
    },
    onError: failed(msg`Check Failed`, msg`Failed to check the KIE balance`),
    onSettled: () => refresh(queryKeys.admin.kieApis),
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
    mutationFn: () => apiCall(recheckReportSchema, "POST", "/api/admin/recheck-failed-videos", {}),
    onSuccess: (report) => toast({ title: t`Video Recovery Completed`, description: recheckSummary(report) }),
    onError: failed(msg`Recovery Failed`, msg`Failed to recover videos`),
    onSettled: refreshUsers,
  });
export const useDeleteFailed = () =>
  useMutation({
    mutationFn: () => apiCall(deletedFailedVideosSchema, "DELETE", "/api/admin/delete-failed-videos"),
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
      apiCall(adminUserSavedSchema, "PUT", `/api/admin/users/${id}/toggle`, { isActive }),
    onSuccess: () => toast({ title: t`User updated` }),
    onError: failed(msg`Update failed`, msg`Failed to update user`),
    onSettled: refreshUsers,
  });
}

export function useSetCredits(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, credits }: { id: string; credits: number }) =>
      apiCall(adminUserSavedSchema, "PUT", `/api/admin/users/${id}/credits`, { credits }),
    onSuccess: () => {
      toast({ title: t`Credits updated` });
      onSaved();
    },
    onError: failed(msg`Update failed`, msg`Failed to update credits`),
    onSettled: () => {
      refreshUsers();
      refresh(queryKeys.currentUser);
    },
  });
}
