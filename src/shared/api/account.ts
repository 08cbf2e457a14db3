/** The signed-in person's own account: password, other sessions, language. */
import {
  changePasswordResultSchema,
  changePasswordSchema,
  languageSavedSchema,
  otherSessionsEndedSchema,
  setLanguageSchema,
} from "../schemas/auth.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const accountApi = {
  changePassword: defineRoute({
    method: "PUT",
    path: "/api/user/change-password",
    tags,
    summary: "Change the password (signs out the other sessions; may revoke the API tokens)",
    body: changePasswordSchema,
    responses: { 200: changePasswordResultSchema, ...errors(400, 401, 403, 429) },
    reasons: ["fields_required", "wrong_current_password", "google_recheck_needed"],
  }),
  endOtherSessions: defineRoute({
    method: "DELETE",
    path: "/api/user/sessions",
    tags,
    summary: "Sign out every other session of the signed-in user (this one stays; their live streams end)",
    responses: { 200: otherSessionsEndedSchema, ...errors(401, 403) },
  }),
  language: defineRoute({
    method: "PUT",
    path: "/api/user/language",
    tags,
    summary: "Remember the language the person chose (their pages follow it on every device)",
    body: setLanguageSchema,
    responses: { 200: languageSavedSchema, ...errors(400, 401, 403) },
  }),
};
