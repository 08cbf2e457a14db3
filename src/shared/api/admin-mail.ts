/** The admin's mail (decision 0085): the server settings, a test message, the outbox and its messages. */
import {
  mailIdParams,
  mailMessageSchema,
  mailPageSchema,
  mailQuerySchema,
  mailRetriedSchema,
  mailNewLinkSchema,
  mailStatusSchema,
  mailTestResultSchema,
  mailTestSchema,
} from "../schemas/admin-mail.js";
import { mailSettingsUpdateSchema } from "../schemas/mail-fields.js";
import { adminSettingsSavedSchema } from "../schemas/settings.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminMailApi = {
  setServer: defineRoute({
    method: "PUT",
    path: "/api/admin/settings/mail",
    tags,
    summary:
      "Set the mail server, the From address and the seller named on receipts (a blank or masked password keeps the stored one)",
    body: mailSettingsUpdateSchema,
    responses: { 200: adminSettingsSavedSchema, ...errors(400, 401, 403) },
  }),
  status: defineRoute({
    method: "GET",
    path: "/api/admin/mail/status",
    tags,
    summary: "Where mail goes now, and how many messages wait, failed or were kept",
    responses: { 200: mailStatusSchema, ...errors(401, 403) },
  }),
  test: defineRoute({
    method: "POST",
    path: "/api/admin/mail/test",
    tags,
    summary: "Send a test message at once (kept in the local outbox when no mail server is set)",
    body: mailTestSchema,
    responses: { 200: mailTestResultSchema, ...errors(400, 401, 403, 429, 502) },
  }),
  list: defineRoute({
    method: "GET",
    path: "/api/admin/mail",
    tags,
    summary: "The mail outbox, newest first, 50 a page",
    query: mailQuerySchema,
    responses: { 200: mailPageSchema, ...errors(400, 401, 403) },
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/admin/mail/:id",
    params: mailIdParams,
    tags,
    summary: "One message as it went (or would have gone) out: its HTML, text and headers",
    responses: { 200: mailMessageSchema, ...errors(401, 403, 404) },
  }),
  retry: defineRoute({
    method: "POST",
    path: "/api/admin/mail/:id/retry",
    params: mailIdParams,
    tags,
    summary: "Send a failed message again",
    responses: { 200: mailRetriedSchema, ...errors(401, 403, 404, 409) },
  }),
  newLink: defineRoute({
    method: "POST",
    path: "/api/admin/mail/:id/new-link",
    params: mailIdParams,
    tags,
    summary: "Send the account of a reset or confirmation message a new link of that kind, to its own address",
    responses: { 200: mailNewLinkSchema, ...errors(401, 403, 404, 409) },
  }),
};
