import { useQuery } from "@tanstack/react-query";
import { contactResponseSchema } from "../../../shared/contact";
import { schemaQueryFn } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

const readContact = schemaQueryFn(contactResponseSchema, queryKeys.contact[0]);

/** GET /api/contact: the channels the operator configured (public). */
export function useContactChannels() {
  return useQuery({ queryKey: queryKeys.contact, queryFn: readContact });
}
