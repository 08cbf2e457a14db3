/** The /admin page's calls (the credit packages' are in packages-api.ts). Every save toasts with its fixed titles (decision 0024) and refreshes what it changed. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { deletedFailedVideosSchema, recheckReportSchema } from "../../../shared/schemas/admin-recovery";
import { videoStorageViewSchema } from "../../../shared/schemas/admin-video-storage";
import { adminUserSavedSchema } from "../../../shared/schemas/admin-users";
import { kieApiDeletedSchema, kieApiListSchema, kieApiSavedSchema } from "../../../shared/schemas/kie-apis";
import { adminSettingsSavedSchema, adminSettingsViewSchema, telegramTestResultSchema } from "../../../shared/schemas/settings";
import { apiCall, errorMessage, schemaQueryFn, type HttpMethod } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";
import { refreshUsers } from "./users-api";

const refresh = (...keys: (readonly string[])[]) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/** The spec's failure toast, with the server's reason after it so the admin can act. */
const failed = (title: string, fallback: string) => (error: unknown) =>
  toast({ title, description: `${fallback}: ${errorMessage(error)}`, variant: "destructive" });

/** Reads a query's URL (its key) with the route's schema (decision 0040); signed out is an error here (the admin gate), never null. */
export const useAdminSettings = () =>
  useQuery({ queryKey: queryKeys.admin.settings, queryFn: schemaQueryFn(adminSettingsViewSchema, queryKeys.admin.settings[0]), staleTime: 0 });
export const useKieApis = () =>
  useQuery({ queryKey: queryKeys.admin.kieApis, queryFn: schemaQueryFn(kieApiListSchema, queryKeys.admin.kieApis[0]), staleTime: 0 });

export const useVideoStorage = () =>
  useQuery({ queryKey: queryKeys.admin.videoStorage, queryFn: schemaQueryFn(videoStorageViewSchema, queryKeys.admin.videoStorage[0]), staleTime: 0 });

/** PUT /api/admin/settings with any subset of fields ('Save Other Settings'). */
export function useSaveSettings() {
  return useMutation({
    mutationFn: (patch: Record<string, unknown>) => apiCall(adminSettingsSavedSchema, "PUT", "/api/admin/settings", patch),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKeys.admin.settings, settings);
      toast({ title: "Settings updated" });
      refresh(queryKeys.pricing, queryKeys.payments.methods, queryKeys.payments.paypalSetup, queryKeys.admin.videoStorage);
    },
    onError: failed("Update failed", "Failed to update settings"),
  });
}

export function useSaveTelegram() {
  return useMutation({
    mutationFn: (body: { telegramBotToken: string; telegramChatId: string }) => apiCall(adminSettingsSavedSchema, "PUT", "/api/admin/settings/telegram", body),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKeys.admin.settings, settings);
      toast({ title: "Telegram Settings Updated" });
    },
    onError: failed("Update failed", "Failed to update Telegram settings"),
  });
}

export function useTestTelegram() {
  return useMutation({
    mutationFn: () => apiCall(telegramTestResultSchema, "POST", "/api/test-telegram", {}),
    onSuccess: ({ message }) => toast({ title: "Telegram Test Sent", description: message }),
    onError: failed("Telegram Test Failed", "Failed to send test message"),
  });
}

export function useSaveKieApi(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      apiCall(kieApiSavedSchema, id ? "PUT" : "POST", id ? `/api/admin/kie-apis/${id}` : "/api/admin/kie-apis", body),
    onSuccess: () => {
      toast({ title: "KIE API saved" });
      onSaved();
    },
    onError: failed("Save failed", "Failed to save KIE API"),
    onSettled: () => refresh(queryKeys.admin.kieApis, queryKeys.pricing),
  });
}

export function useDeleteKieApi(onDone: () => void) {
  return useMutation({
    mutationFn: (id: string) => apiCall(kieApiDeletedSchema, "DELETE", `/api/admin/kie-apis/${id}`),
    onSuccess: () => {
      toast({ title: "KIE API deleted" });
      onDone();
    },
    onError: failed("Delete failed", "Failed to delete KIE API"),
    onSettled: () => refresh(queryKeys.admin.kieApis, queryKeys.pricing),
  });
}

export function useCheckKieBalance() {
  return useMutation({
    mutationFn: (id: string) => apiCall(kieApiSavedSchema, "POST", `/api/admin/kie-apis/${id}/check-credits`, {}),
    onSuccess: ({ message }) => toast({ title: "Balance updated", description: message }),
    onError: failed("Check Failed", "Failed to check the KIE balance"),
    onSettled: () => refresh(queryKeys.admin.kieApis),
  });
}

function recoveryMutation(
  schema: typeof recheckReportSchema | typeof deletedFailedVideosSchema,
  method: HttpMethod,
  url: string,
  title: string,
  failTitle: string,
  fallback: string,
) {
  return {
    mutationFn: (): Promise<{ message: string }> => apiCall(schema, method, url, method === "DELETE" ? undefined : {}),
    onSuccess: ({ message }: { message: string }) => toast({ title, description: message }),
    onError: failed(failTitle, fallback),
    onSettled: refreshUsers,
  };
}

export const useRecheckFailed = () =>
  useMutation(
    recoveryMutation(
      recheckReportSchema,
      "POST",
      "/api/admin/recheck-failed-videos",
      "Video Recovery Completed",
      "Recovery Failed",
      "Failed to recover videos",
    ),
  );
export const useDeleteFailed = () =>
  useMutation(
    recoveryMutation(
      deletedFailedVideosSchema,
      "DELETE",
      "/api/admin/delete-failed-videos",
      "Failed Videos Deleted",
      "Delete Failed",
      "Failed to delete videos",
    ),
  );

export function useToggleUser() {
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => apiCall(adminUserSavedSchema, "PUT", `/api/admin/users/${id}/toggle`, { isActive }),
    onSuccess: () => toast({ title: "User updated" }),
    onError: failed("Update failed", "Failed to update user"),
    onSettled: refreshUsers,
  });
}

export function useSetCredits(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, credits }: { id: string; credits: number }) => apiCall(adminUserSavedSchema, "PUT", `/api/admin/users/${id}/credits`, { credits }),
    onSuccess: () => {
      toast({ title: "Credits updated" });
      onSaved();
    },
    onError: failed("Update failed", "Failed to update credits"),
    onSettled: () => {
      refreshUsers();
      refresh(queryKeys.currentUser);
    },
  });
}
