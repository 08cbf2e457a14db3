/** The /admin page's calls. Every save toasts with the spec's titles (section 8) and refreshes what it changed. */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AdminCreditPackageView, CreditPackageInput } from "../../../shared/payments";
import type { AdminUserView } from "../../../shared/schemas/admin-users";
import type { KieApiSaved, KieApiView } from "../../../shared/schemas/kie-apis";
import type { AdminSettingsView } from "../../../shared/schemas/settings";
import { apiJson, errorMessage, type HttpMethod } from "@/lib/api";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "@/hooks/use-toast";

const refresh = (...keys: (readonly string[])[]) => {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
};

/** The spec's failure toast, with the server's reason after it so the admin can act. */
const failed = (title: string, fallback: string) => (error: unknown) =>
  toast({ title, description: `${fallback}: ${errorMessage(error)}`, variant: "destructive" });

export const useAdminSettings = () => useQuery<AdminSettingsView>({ queryKey: queryKeys.admin.settings, staleTime: 0 });
export const useAdminPackages = () => useQuery<AdminCreditPackageView[]>({ queryKey: queryKeys.admin.packages, staleTime: 0 });
export const useKieApis = () => useQuery<KieApiView[]>({ queryKey: queryKeys.admin.kieApis, staleTime: 0 });
export const useAdminUsers = () => useQuery<AdminUserView[]>({ queryKey: queryKeys.admin.users, staleTime: 0 });

/** PUT /api/admin/settings with any subset of fields ('Save Other Settings'). */
export function useSaveSettings() {
  return useMutation({
    mutationFn: (patch: Record<string, unknown>) => apiJson<{ settings: AdminSettingsView }>("PUT", "/api/admin/settings", patch),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKeys.admin.settings, settings);
      toast({ title: "Settings updated" });
      refresh(queryKeys.pricing, queryKeys.payments.methods, queryKeys.payments.paypalSetup);
    },
    onError: failed("Update failed", "Failed to update settings"),
  });
}

export function useSaveTelegram() {
  return useMutation({
    mutationFn: (body: { telegramBotToken: string; telegramChatId: string }) =>
      apiJson<{ message: string; settings: AdminSettingsView }>("PUT", "/api/admin/settings/telegram", body),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(queryKeys.admin.settings, settings);
      toast({ title: "Telegram Settings Updated" });
    },
    onError: failed("Update failed", "Failed to update Telegram settings"),
  });
}

export function useTestTelegram() {
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>("POST", "/api/test-telegram", {}),
    onSuccess: ({ message }) => toast({ title: "Telegram Test Sent", description: message }),
    onError: failed("Telegram Test Failed", "Failed to send test message"),
  });
}

export function useSavePackage(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreditPackageInput }) =>
      apiJson<AdminCreditPackageView>(id ? "PUT" : "POST", id ? `/api/admin/credit-packages/${id}` : "/api/admin/credit-packages", body),
    onSuccess: () => {
      toast({ title: "Package saved" });
      onSaved();
    },
    onError: failed("Save failed", "Failed to save package"),
    onSettled: () => refresh(queryKeys.admin.packages, queryKeys.payments.packages),
  });
}

export function useDeletePackage(onDone: () => void) {
  return useMutation({
    mutationFn: (id: string) => apiJson<{ message: string; deactivated: boolean }>("DELETE", `/api/admin/credit-packages/${id}`),
    onSuccess: ({ message, deactivated }) => {
      toast({ title: "Package deleted", description: deactivated ? message : undefined });
      onDone();
    },
    onError: failed("Delete failed", "Failed to delete package"),
    onSettled: () => refresh(queryKeys.admin.packages, queryKeys.payments.packages),
  });
}

export function useSaveKieApi(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      apiJson<KieApiSaved>(id ? "PUT" : "POST", id ? `/api/admin/kie-apis/${id}` : "/api/admin/kie-apis", body),
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
    mutationFn: (id: string) => apiJson<{ message: string }>("DELETE", `/api/admin/kie-apis/${id}`),
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
    mutationFn: (id: string) => apiJson<KieApiSaved>("POST", `/api/admin/kie-apis/${id}/check-credits`, {}),
    onSuccess: ({ message }) => toast({ title: "Balance updated", description: message }),
    onError: failed("Check Failed", "Failed to check the KIE balance"),
    onSettled: () => refresh(queryKeys.admin.kieApis),
  });
}

function recoveryMutation(method: HttpMethod, url: string, title: string, failTitle: string, fallback: string) {
  return {
    mutationFn: () => apiJson<{ message: string }>(method, url, method === "DELETE" ? undefined : {}),
    onSuccess: ({ message }: { message: string }) => toast({ title, description: message }),
    onError: failed(failTitle, fallback),
    onSettled: () => refresh(queryKeys.admin.users),
  };
}

export const useRecheckFailed = () =>
  useMutation(recoveryMutation("POST", "/api/admin/recheck-failed-videos", "Video Recovery Completed", "Recovery Failed", "Failed to recover videos"));
export const useDeleteFailed = () =>
  useMutation(recoveryMutation("DELETE", "/api/admin/delete-failed-videos", "Failed Videos Deleted", "Delete Failed", "Failed to delete videos"));

export function useToggleUser() {
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => apiJson("PUT", `/api/admin/users/${id}/toggle`, { isActive }),
    onSuccess: () => toast({ title: "User updated" }),
    onError: failed("Update failed", "Failed to update user"),
    onSettled: () => refresh(queryKeys.admin.users),
  });
}

export function useSetCredits(onSaved: () => void) {
  return useMutation({
    mutationFn: ({ id, credits }: { id: string; credits: number }) => apiJson("PUT", `/api/admin/users/${id}/credits`, { credits }),
    onSuccess: () => {
      toast({ title: "Credits updated" });
      onSaved();
    },
    onError: failed("Update failed", "Failed to update credits"),
    onSettled: () => refresh(queryKeys.admin.users, queryKeys.currentUser),
  });
}
