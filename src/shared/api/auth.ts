/** Signing up, in and out, and who is signed in (the header reads it on every page). */
import { authResultSchema, currentUserSchema, loggedOutSchema, loginSchema, registerSchema } from "../schemas/auth.js";
import { defineRoute, errors } from "./contract.js";

const tags = ["Account"];

export const authApi = {
  register: defineRoute({
    method: "POST",
    path: "/api/auth/register",
    tags,
    summary: "Create an account (it does not sign in)",
    body: registerSchema,
    responses: { 201: authResultSchema, ...errors(400, 403, 409, 429) },
    reasons: ["username_taken", "email_taken"],
  }),
  login: defineRoute({
    method: "POST",
    path: "/api/auth/login",
    tags,
    summary: "Sign in with a username and password (sets the session cookie)",
    body: loginSchema,
    responses: { 200: authResultSchema, ...errors(400, 401, 403, 429) },
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
