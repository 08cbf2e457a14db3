/** Leaving (decision 0087): the person's data as a file, and deleting the account. */
import { useMutation } from "@tanstack/react-query";
import { useLocation } from "wouter";
import { t } from "@lingui/core/macro";
import { leavingApi } from "../../../shared/api/leaving";
import type { DeleteAccountInput } from "../../../shared/schemas/leaving";
import { clearClientSession } from "@/features/auth";
import { toast } from "@/hooks/use-toast";
import { call, callRaw, errorMessage } from "@/lib/api";
import { saveDownload } from "@/lib/save-download";

/** GET /api/user/export, saved under the server's file name. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => saveDownload(await callRaw(leavingApi.exportData), "veo-studio-data.json"),
    onError: (error) => {
      toast({ title: t`Download failed`, description: errorMessage(error), variant: "destructive" });
    },
  });
}

/** POST /api/user/delete; once deleted, this browser is signed out and goes to the home page. */
export function useDeleteAccount() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (body: DeleteAccountInput) => call(leavingApi.deleteAccount, { body }),
    onSuccess: async () => {
      await clearClientSession();
      navigate("/");
      toast({ title: t`Your account was deleted`, description: t`Thank you for having been with us.` });
    },
  });
}
