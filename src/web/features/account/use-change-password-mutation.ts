import { useMutation } from "@tanstack/react-query";
import { changePasswordResultSchema, type ChangePasswordInput } from "../../../shared/schemas/auth";
import { apiCall, errorMessage } from "@/lib/api";
import { toast } from "@/hooks/use-toast";

export const CHANGE_PASSWORD_FAILED_TITLE = "Đổi mật khẩu thất bại";

export function revokedTokensText(count: number): string {
  return `${count} API token${count === 1 ? " was" : "s were"} revoked: automations using ${count === 1 ? "it" : "them"} need a new token.`;
}

/** PUT /api/user/change-password; toasts the server's message either way (and any revoked tokens). */
export function useChangePasswordMutation(onChanged: () => void) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiCall(changePasswordResultSchema, "PUT", "/api/user/change-password", input),
    onSuccess: ({ message, revokedApiTokens: revoked }) => {
      toast({ title: message, ...(revoked > 0 ? { description: revokedTokensText(revoked) } : {}) });
      onChanged();
    },
    onError: (error) => {
      toast({ title: CHANGE_PASSWORD_FAILED_TITLE, description: errorMessage(error), variant: "destructive" });
    },
  });
}
