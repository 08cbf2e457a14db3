import { useMutation } from "@tanstack/react-query";
import { CHANGE_PASSWORD_MESSAGES, type ChangePasswordInput } from "../../../shared/schemas/auth";
import { apiJson, errorMessage } from "@/lib/api";
import { toast } from "@/hooks/use-toast";

export const CHANGE_PASSWORD_FAILED_TITLE = "Đổi mật khẩu thất bại";

/** PUT /api/user/change-password; toasts the server's message either way. */
export function useChangePasswordMutation(onChanged: () => void) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiJson<{ message?: string } | undefined>("PUT", "/api/user/change-password", input),
    onSuccess: (body) => {
      toast({ title: body?.message ?? CHANGE_PASSWORD_MESSAGES.success });
      onChanged();
    },
    onError: (error) => {
      toast({ title: CHANGE_PASSWORD_FAILED_TITLE, description: errorMessage(error), variant: "destructive" });
    },
  });
}
