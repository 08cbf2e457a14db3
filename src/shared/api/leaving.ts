/** Leaving (decision 0087): download one's data, delete one's account. */
import { accountDeletedSchema, dataExportAnswer, deleteAccountSchema } from "../schemas/leaving.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const leavingApi = {
  exportData: defineRoute({
    method: "GET",
    path: "/api/user/export",
    tags,
    summary: "Download everything the service holds about the signed-in person, as one JSON file",
    description: "At most 5 an hour per person.",
    responses: { 200: dataExportAnswer, ...errors(401, 429) },
  }),
  deleteAccount: defineRoute({
    method: "POST",
    path: "/api/user/delete",
    tags,
    summary: "Delete the signed-in person's account (its sessions, tokens, webhooks, uploads and videos go)",
    description:
      "With the password, or, for an account without one, within 10 minutes of signing in with Google. The ledger and the payment orders stay, without the person's name or e-mail; the username is held for 30 days. The session cookie is cleared.",
    body: deleteAccountSchema,
    responses: { 200: accountDeletedSchema, ...errors(400, 401, 403, 409, 429) },
    reasons: [
      "fields_required",
      "wrong_current_password",
      "delete_confirm_mismatch",
      "google_recheck_needed",
      "account_videos_generating",
      "admin_cannot_delete",
    ],
  }),
};
