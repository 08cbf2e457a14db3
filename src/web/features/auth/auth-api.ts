import { authResultSchema, type AuthResult, type LoginInput, type RegisterInput } from "../../../shared/schemas/auth";
import { apiCall } from "@/lib/api";

export type LoginResult = AuthResult;

/** POST /api/auth/login: sets the session cookie and returns the user. */
export async function login(input: LoginInput): Promise<LoginResult> {
  return apiCall(authResultSchema, "POST", "/api/auth/login", input);
}

/** POST /api/auth/register: creates the account; it does not sign in. */
export async function register(input: RegisterInput): Promise<string> {
  const { message } = await apiCall(authResultSchema, "POST", "/api/auth/register", input);
  return message;
}
