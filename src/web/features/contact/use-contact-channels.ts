import { useQuery } from "@tanstack/react-query";
import { siteApi } from "../../../shared/api/site";
import { callQuery } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

const readContact = callQuery(siteApi.contact);

/** GET /api/contact: the channels the operator configured (public). */
export function useContactChannels() {
  return useQuery({ queryKey: queryKeys.contact, queryFn: readContact });
}
