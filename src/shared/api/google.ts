/**
 * Sign in with Google and My Account's "Connect Google" (decisions 0025 and 0033). The callback
 * is where Google sends the browser back: it always answers with a redirect to a page.
 */
import { authResultSchema } from "../schemas/auth.js";
import { noBody } from "../schemas/common.js";
import {
  googleAuthUrlSchema,
  googleCallbackQuerySchema,
  googleConnectionSchema,
  googleSignInQuerySchema,
  googleStatusSchema,
} from "../schemas/google-auth.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const googleApi = {
  status: defineRoute({
    method: "GET",
    path: "/api/auth/google/status",
    tags,
    summary: "Whether Google sign-in is enabled",
    responses: { 200: googleStatusSchema },
  }),
  signInUrl: defineRoute({
    method: "GET",
    path: "/api/auth/google/url",
    tags,
    summary: "Start signing in with Google (sets the flow cookie, answers Google's address)",
    query: googleSignInQuerySchema,
    responses: { 200: googleAuthUrlSchema, ...errors(404) },
    reasons: ["google_not_enabled"],
  }),
  link: defineRoute({
    method: "POST",
    path: "/api/auth/google/link",
    tags,
    summary: "Start connecting Google to the signed-in account",
    responses: { 200: googleAuthUrlSchema, ...errors(401, 403, 404, 409) },
    reasons: ["google_not_enabled", "google_already_connected"],
  }),
  connection: defineRoute({
    method: "GET",
    path: "/api/auth/google/connection",
    tags,
    summary: "Whether Google is connected to the signed-in account",
    responses: { 200: googleConnectionSchema, ...errors(401) },
  }),
  newAccount: defineRoute({
    method: "POST",
    path: "/api/auth/google/new-account",
    tags,
    summary: "Create a new account with the identity Google just verified (signs in)",
    responses: { 200: authResultSchema, ...errors(400, 403, 404, 409) },
    reasons: ["google_not_enabled"],
  }),
  callback: defineRoute({
    method: "GET",
    path: "/api/auth/google/callback",
    tags,
    summary: "Where Google sends the browser back (ends on /login or /my-account)",
    query: googleCallbackQuerySchema,
    responses: { 302: noBody },
  }),
};
