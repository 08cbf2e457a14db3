/** Signing up, in and out, and who is signed in (the header reads it on every page). */
import { authResultSchema, currentUserSchema, loggedOutSchema, loginSchema, registerSchema } from "../schemas/auth.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const authApi = {
  register: defineRoute({
    method: "POST",
    path: "/api/auth/register",
    tags,
    summary: "Create an account and sign in (sets the session cookie)",
    description:
      "The new account is signed in as a login signs in: a new session cookie, any session the client had ended. " +
      "While the site has Cloudflare Turnstile on, the widget's token is required (`captchaToken`). An address at a " +
      "throwaway mail domain is refused (`email_domain_refused`).",
    body: registerSchema,
    responses: { 201: authResultSchema, ...errors(400, 403, 409, 429, 503) },
    reasons: ["username_taken", "email_taken", "captcha_failed", "captcha_unavailable", "email_domain_refused"],
  }),
  login: defineRoute({
    method: "POST",
    path: "/api/auth/login",
    tags,
    summary: "Sign in with a username and password (sets the session cookie)",
    description:
      "While the site has Cloudflare Turnstile on, a sign-in after several failed attempts for the username or from " +
      "the client's address is refused with the reason `captcha_required` until it carries the widget's token.",
    body: loginSchema,
    responses: { 200: authResultSchema, ...errors(400, 401, 403, 429, 503) },
    reasons: ["captcha_required", "captcha_failed", "captcha_unavailable"],
  }),
  logout: defineRoute({
    method: "POST",
    path: "/api/auth/logout",
    tags,
    summary: "Sign out (ends the session, clears the cookie)",
    responses: { 200: loggedOutSchema, ...errors(403) },
  }),
  currentUser: defineRoute({
    method: "GET",
    path: "/api/auth/current-user",
    tags,
    summary: "The signed-in user",
    responses: { 200: currentUserSchema, ...errors(401) },
  }),
};
