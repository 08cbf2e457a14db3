/** Users on /admin (decision 0052): the paged list (and its CSV file), a user's page with their videos, and the actions on a user. */
import {
  adminUserActionSchema,
  adminUserDetailSchema,
  adminUserFiltersSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserParams,
  adminUserSavedSchema,
  adminUserTokenParams,
  adminUserVideosPageSchema,
  adminUserVideosQuerySchema,
  changeCreditsSchema,
  inFlightLimitSchema,
  toggleUserSchema,
} from "../schemas/admin-users.js";
import { csvFileAnswer } from "../schemas/admin-exports.js";
import { adminUserResetLinkSchema } from "../schemas/sign-in-standing.js";
import { secondFactorDoneSchema } from "../schemas/second-factor.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Admin"];

export const adminUsersApi = {
  list: defineRoute({
    method: "GET",
    path: "/api/admin/users",
    tags,
    summary: "Users, a page at a time: searched, filtered and sorted",
    description:
      "The body is an array of users (the first 50 by default). `X-Total-Count` says how many match the filters " +
      "(a search counts up to 10,000 and then adds `X-Total-Count-Capped: true`); " +
      '`Link: <...>; rel="next"` gives the next page\'s URL while there is one.',
    query: adminUserListQuerySchema,
    responses: { 200: adminUserListSchema, ...errors(400, 401, 403) },
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/admin/users/:userId",
    tags,
    summary: "A user's page: profile, balance, API tokens, sessions and payment orders",
    params: adminUserParams,
    responses: { 200: adminUserDetailSchema, ...errors(401, 403, 404) },
  }),
  videos: defineRoute({
    method: "GET",
    path: "/api/admin/users/:userId/videos",
    tags,
    summary: "A user's videos, newest first, 20 a page (deleted ones included, without links)",
    params: adminUserParams,
    query: adminUserVideosQuerySchema,
    responses: { 200: adminUserVideosPageSchema, ...errors(400, 401, 403, 404) },
  }),
  toggle: defineRoute({
    method: "PUT",
    path: "/api/admin/users/:userId/toggle",
    tags,
    summary: "Enable or disable a user (disabling ends their sessions)",
    params: adminUserParams,
    body: toggleUserSchema,
    responses: { 200: adminUserSavedSchema, ...errors(400, 401, 403, 404, 409) },
    reasons: ["account_deleted"],
  }),
  setInFlightLimit: defineRoute({
    method: "PUT",
    path: "/api/admin/users/:userId/in-flight-limit",
    tags,
    summary: "Set how many videos a user may have being made at once, or null for the default",
    description:
      "Beyond the limit a new video is refused with 429 `too_many_in_flight` and `Retry-After`, nothing charged " +
      "(decision 0093). null lets the default in the settings apply.",
    params: adminUserParams,
    body: inFlightLimitSchema,
    responses: { 200: adminUserSavedSchema, ...errors(400, 401, 403, 404, 409) },
    reasons: ["account_deleted"],
  }),
  changeCredits: defineRoute({
    method: "PUT",
    path: "/api/admin/users/:userId/credits",
    tags,
    summary: "Add credits to a user's balance, take some away, or set it, with a reason",
    description:
      "One `adjustment` row records the difference with the reason, and the audit log the change. " +
      "`expectedCredits` is the balance the admin saw: if the balance changed since, nothing is written and the " +
      "answer is 409 with reason `balance_changed` and the balance now in `params.credits`. A change that would " +
      "leave the balance below zero is refused (400, `credits_below_zero`).",
    params: adminUserParams,
    body: changeCreditsSchema,
    responses: { 200: adminUserSavedSchema, ...errors(400, 401, 403, 404, 409) },
    reasons: ["balance_changed", "credits_below_zero", "account_deleted"],
  }),
  signOutEverywhere: defineRoute({
    method: "DELETE",
    path: "/api/admin/users/:userId/sessions",
    tags,
    summary: "Sign a user out everywhere (every session ends; they sign in again)",
    params: adminUserParams,
    responses: { 200: adminUserActionSchema, ...errors(401, 403, 404) },
  }),
  sendPasswordReset: defineRoute({
    method: "POST",
    path: "/api/admin/users/:userId/password-reset",
    tags,
    summary: "Send a user a password-reset link, to the account's own address (audited; never in the answer)",
    description:
      "The link is written and mailed as the person's own request would be, in the same transaction as its " +
      "audit entry (decision 0146). Refused (409) for a deleted account (`account_deleted`), a disabled one " +
      "(`account_closed`) and one without an e-mail address (`no_email`); an account without a password gets " +
      "one, since the link sets it. One a minute per account, and the account's reset links count together " +
      "with the ones its person asks for (429 with `Retry-After`).",
    params: adminUserParams,
    responses: { 200: adminUserResetLinkSchema, ...errors(401, 403, 404, 409, 429) },
    reasons: ["account_deleted", "account_closed", "no_email"],
  }),
  revokeToken: defineRoute({
    method: "DELETE",
    path: "/api/admin/users/:userId/api-tokens/:tokenId",
    tags,
    summary: "Revoke one of a user's API tokens (automations using it get 401)",
    params: adminUserTokenParams,
    responses: { 200: adminUserActionSchema, ...errors(401, 403, 404) },
  }),
  exportCsv: defineRoute({
    method: "GET",
    path: "/api/admin/exports/users.csv",
    tags,
    summary: "The users as a CSV file, with the user list's filters and order",
    query: adminUserFiltersSchema,
    responses: { 200: csvFileAnswer("The users"), ...errors(400, 401, 403) },
  }),
  /** A second factor's recovery by an admin (decision 0092). */
  removeSecondFactor: defineRoute({
    method: "DELETE",
    path: "/api/admin/users/:userId/second-factor",
    tags,
    summary: "Remove every second factor of a user who lost theirs (their sessions end)",
    params: adminUserParams,
    responses: { 200: secondFactorDoneSchema, ...errors(400, 401, 403, 404) },
    reasons: ["second_factor_required"],
  }),
};
