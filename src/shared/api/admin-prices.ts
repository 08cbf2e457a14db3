/** The admin's one-click repricing (issue 68): every price set to its vendor's cost + the admin's margin. */
import { z } from "zod";
import { adminReasonSchema } from "../schemas/admin-reason.js";
import { adminSettingsSavedSchema } from "../schemas/settings.js";
import { defineRoute, errors } from "./contract.js";

export const adminPricesApi = {
  atMargin: defineRoute({
    method: "POST",
    path: "/api/admin/prices/at-margin",
    tags: ["Admin"],
    summary:
      "Set every price to its vendor's cost + the margin, at the cheapest credit a buyer can get (audited with the reason)",
    body: z.object({ reason: adminReasonSchema }),
    responses: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403) },
  }),
};
