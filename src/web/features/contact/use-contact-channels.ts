import { useQuery } from "@tanstack/react-query";
import type { ContactResponse } from "../../../shared/contact";

export const CONTACT_URL = "/api/contact";

/** GET /api/contact: the channels the operator configured (public). */
export function useContactChannels() {
  return useQuery<ContactResponse | null>({ queryKey: [CONTACT_URL] });
}
