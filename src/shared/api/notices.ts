/**
 * The mail notices one can turn off (decision 0086): the signed-in person's choices, and the
 * one-click unsubscribe of a notice's List-Unsubscribe link (RFC 8058), which works signed out.
 */
import { noBody } from "../schemas/common.js";
import {
  noticePreferencesSchema,
  noticePreferencesUpdateSchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from "../schemas/notices.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const noticesApi = {
  preferences: defineRoute({
    method: "GET",
    path: "/api/user/notices",
    tags,
    summary: "Which mail notices the signed-in person gets",
    description:
      "Receipts, API token and security notices are always sent to a confirmed address; these four can be turned off.",
    responses: { 200: noticePreferencesSchema, ...errors(401, 403) },
  }),
  updatePreferences: defineRoute({
    method: "PUT",
    path: "/api/user/notices",
    tags,
    summary: "Turn mail notices on or off (only the fields given change)",
    body: noticePreferencesUpdateSchema,
    responses: { 200: noticePreferencesSchema, ...errors(400, 401, 403) },
  }),
  unsubscribe: defineRoute({
    method: "POST",
    path: "/api/mail/unsubscribe",
    tags,
    summary: "One-click unsubscribe (RFC 8058): turn off the notice a signed link names",
    description:
      "The link of a notice's List-Unsubscribe header: no sign-in, any body (RFC 8058's List-Unsubscribe=One-Click as multipart/form-data or application/x-www-form-urlencoded, JSON, or none); the signed query decides. A valid link turns that one notice off for that one person, however often it is used; anything else is 400 unsubscribe_link_invalid and changes nothing.",
    query: unsubscribeQuerySchema,
    responses: { 200: unsubscribedSchema, ...errors(400) },
    reasons: ["unsubscribe_link_invalid"],
  }),
  unsubscribePage: defineRoute({
    method: "GET",
    path: "/api/mail/unsubscribe",
    tags,
    summary: "An unsubscribe link opened in a browser: sends it to the page that asks first",
    description: "Changes nothing: 303 to /unsubscribe with the same u, k and t, where one click turns the notice off.",
    query: unsubscribeQuerySchema,
    responses: { 303: noBody },
  }),
};
