/** A second-factor change that did not work, said in a toast. */
import { t } from "@lingui/core/macro";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api";

export function failed(error: unknown) {
  toast({ title: t`That did not work`, description: errorMessage(error), variant: "destructive" });
}
