import { useQuery } from "@tanstack/react-query";
import type { ContactResponse } from "../../../shared/contact";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/contact: the channels the operator configured (public). */
export function useContactChannels() {
  return useQuery<ContactResponse | null>({ queryKey: queryKeys.contact });
}
